/**
 * financeRisk/orderCancelRecordList: every order cancellation, who and why. Written in the
 * cancelling transition's own transaction (the order's final-state event), so no cancellation goes
 * unrecorded; the auto-blacklist's `cancellations` rule counts these rows. A cancellation is a deposit
 * or a withdrawal that ends `cancelled` (the merchant or an operator called it off); a deposit's unpaid
 * timeout is counted too,
 * as `timeout` (the member abandoned it), while a receipt-audit rejection is a decision, not a cancellation.
 */
import { stateField } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { depositLifecycle } from '../order/deposit-order.ts';
import { withdrawLifecycle } from '../order/withdraw-order.ts';

/** The state an order was in when it was called off: any of a deposit's or a withdrawal's. */
const fromStatus = stateField('orderCancelRecordList', 'fromStatus', {
  ...withdrawLifecycle.states,
  ...depositLifecycle.states,
});

export const orderCancelRecordList = defineResource({
  name: 'orderCancelRecordList',
  group: 'financeRisk',
  api: '/api/financeRisk/orderCancelRecordList',
  fields: {
    id: { type: 'number', list: true, sort: true },
    family: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [{ value: 'deposit' }, { value: 'withdraw' }],
    },
    orderNo: { type: 'string', list: true, filter: 'eq' },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    memberAccount: { type: 'string', list: true, filter: 'eq' },
    amount: { type: 'money', list: true, currency: 'CNY' },
    kind: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'cancelled', color: 'orange' },
        { value: 'timeout', color: 'default' },
      ],
    },
    fromStatus: { type: 'enum', list: true, options: fromStatus.options },
    operatorName: { type: 'string', list: true, filter: 'eq' },
    reason: { type: 'string', list: true },
    at: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.orderCancelRecordList.id': ['编号', 'ID'],
    'field.orderCancelRecordList.family': ['订单类型', 'Order type'],
    'enum.orderCancelRecordList.family.deposit': ['充值', 'Deposit'],
    'enum.orderCancelRecordList.family.withdraw': ['提现', 'Withdrawal'],
    'field.orderCancelRecordList.orderNo': ['订单号', 'Order no.'],
    'field.orderCancelRecordList.mchNo': ['商户号', 'Merchant no.'],
    'field.orderCancelRecordList.memberAccount': ['会员账号', 'Member account'],
    'field.orderCancelRecordList.amount': ['金额', 'Amount'],
    'field.orderCancelRecordList.kind': ['类型', 'Kind'],
    'field.orderCancelRecordList.fromStatus': ['取消前状态', 'Status before'],
    ...fromStatus.labels,
    'field.orderCancelRecordList.operatorName': ['操作人', 'By'],
    'field.orderCancelRecordList.reason': ['原因', 'Reason'],
    'field.orderCancelRecordList.at': ['取消时间', 'Cancelled at'],
    'enum.orderCancelRecordList.kind.cancelled': ['取消', 'Cancelled'],
    'enum.orderCancelRecordList.kind.timeout': ['超时未付', 'Timed out unpaid'],
  }),
});
