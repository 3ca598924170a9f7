/**
 * mockOrderTest/mockOrderTestSon: the test orders an operator placed through the real merchant API
 * as the sandbox merchant, each followed live: the order's state and its callback's, read from the
 * order and notification tables by the list's own statement (no copy that could go stale).
 */
import type { Bilingual } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { DEPOSIT_STATES, orderDepositList } from '../order/deposit-order.ts';
import { orderTransferList, WITHDRAW_STATES } from '../order/withdraw-order.ts';

/** Either order's states, named as their own lists name them (a deposit's first, where both have one). */
const STATES = [...new Set<string>([...DEPOSIT_STATES, ...WITHDRAW_STATES])];
const stateLabel = (s: string): Bilingual => {
  const def = (DEPOSIT_STATES as readonly string[]).includes(s) ? orderDepositList : orderTransferList;
  const key = `enum.${def.name}.status.${s}`;
  return [def.labels['zh-CN'][key] ?? s, def.labels['en-US'][key] ?? s];
};

export const mockOrderTestSon = defineResource({
  name: 'mockOrderTestSon',
  group: 'mockOrderTest',
  api: '/api/mockOrderTest',
  fields: {
    id: { type: 'number', list: true, sort: true },
    direction: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'deposit', color: 'green' },
        { value: 'withdraw', color: 'orange' },
      ],
    },
    mchOrderNo: { type: 'string', list: true },
    orderNo: { type: 'string', list: true, filter: 'eq' },
    amount: { type: 'money', list: true, currency: 'CNY' },
    payType: { type: 'string', list: true },
    httpStatus: { type: 'number', list: true },
    answerCode: { type: 'number', list: true },
    answerMessage: { type: 'string', list: true },
    orderStatus: { type: 'enum', list: true, virtual: true, options: STATES.map((value) => ({ value })) },
    callbackStatus: { type: 'string', list: true, virtual: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list'],
  labels: bilingual({
    'field.mockOrderTestSon.id': ['编号', 'ID'],
    'field.mockOrderTestSon.direction': ['类型', 'Type'],
    'enum.mockOrderTestSon.direction.deposit': ['充值', 'Deposit'],
    'enum.mockOrderTestSon.direction.withdraw': ['提现', 'Withdrawal'],
    'field.mockOrderTestSon.mchOrderNo': ['商户订单号', 'Merchant order no.'],
    'field.mockOrderTestSon.orderNo': ['平台订单号', 'Order no.'],
    'field.mockOrderTestSon.amount': ['金额', 'Amount'],
    'field.mockOrderTestSon.payType': ['支付方式', 'Pay type'],
    'field.mockOrderTestSon.httpStatus': ['HTTP状态', 'HTTP status'],
    'field.mockOrderTestSon.answerCode': ['应答码', 'Answer code'],
    'field.mockOrderTestSon.answerMessage': ['应答信息', 'Answer message'],
    'field.mockOrderTestSon.orderStatus': ['订单状态', 'Order status'],
    ...Object.fromEntries(STATES.map((s) => [`enum.mockOrderTestSon.orderStatus.${s}`, stateLabel(s)])),
    'field.mockOrderTestSon.callbackStatus': ['回调状态', 'Callback status'],
    'field.mockOrderTestSon.createdAt': ['下单时间', 'Placed at'],
  }),
});
