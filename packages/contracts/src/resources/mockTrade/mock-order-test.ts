/**
 * mockOrderTest/mockOrderTestSon: the test orders an operator placed through the real merchant API
 * as the sandbox merchant, each followed live: the order's state and its callback's, read from the
 * order and notification tables by the list's own statement (no copy that could go stale).
 */
import { stateField } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf, PAY_TYPE_LABELS } from '../mch/common.ts';
import { depositLifecycle } from '../order/deposit-order.ts';
import { notifyLifecycle } from '../order/mch-notify.ts';
import { withdrawLifecycle } from '../order/withdraw-order.ts';

/** Either order's states, named as their own lists name them (a deposit's, where both have one). */
const orderStatus = stateField('mockOrderTestSon', 'orderStatus', {
  ...withdrawLifecycle.states,
  ...depositLifecycle.states,
});
/** Its callback's, as the notifications list names them. */
const callbackStatus = stateField('mockOrderTestSon', 'callbackStatus', notifyLifecycle.states);

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
    payType: { type: 'enum', list: true, options: optionsOf(PAY_TYPE_LABELS) },
    httpStatus: { type: 'number', list: true },
    answerCode: { type: 'number', list: true },
    answerMessage: { type: 'string', list: true },
    orderStatus: { type: 'enum', list: true, virtual: true, options: orderStatus.options },
    callbackStatus: { type: 'enum', list: true, virtual: true, options: callbackStatus.options },
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
    ...enumLabels('mockOrderTestSon', 'payType', PAY_TYPE_LABELS),
    'field.mockOrderTestSon.httpStatus': ['HTTP状态', 'HTTP status'],
    'field.mockOrderTestSon.answerCode': ['应答码', 'Answer code'],
    'field.mockOrderTestSon.answerMessage': ['应答信息', 'Answer message'],
    'field.mockOrderTestSon.orderStatus': ['订单状态', 'Order status'],
    ...orderStatus.labels,
    'field.mockOrderTestSon.callbackStatus': ['回调状态', 'Callback status'],
    ...callbackStatus.labels,
    'field.mockOrderTestSon.createdAt': ['下单时间', 'Placed at'],
  }),
});
