/**
 * The payee of a disputed wallet order (a section of disputeOrderPage's detail): where its buyer was
 * told to pay when the order was taken. The seller's pay account (masked as on walletPayTypeInfoPage,
 * the cell links to it) and payment code, whatever was switched since: a case of "I paid" against
 * "nothing arrived" starts from it. Holder, bank and the code's state are read with the row (virtual).
 */
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf, PAY_TYPE_LABELS } from '../mch/common.ts';

export const disputePayee = defineResource({
  name: 'disputePayee',
  group: 'wallet',
  page: 'disputeOrderPage',
  api: '/api/wallet/disputePayee',
  key: 'tradeOrderId',
  fields: {
    tradeOrderId: { type: 'number', list: false, filter: 'eq' },
    payType: { type: 'enum', list: true, options: optionsOf(PAY_TYPE_LABELS) },
    payAccountId: {
      type: 'ref',
      list: true,
      ref: { resource: 'walletPayTypeInfoPage', labelField: 'accountNo' },
    },
    holderName: { type: 'string', list: true, mask: 'name', virtual: true },
    bankName: { type: 'string', list: true, virtual: true },
    fixedCodeId: { type: 'ref', list: true, ref: { resource: 'fixedCodeConfigPage', labelField: 'payload' } },
    /** Whether the code is still shown to buyers (an operator may have switched it off since). */
    codeOn: { type: 'boolean', list: true, virtual: true },
    createdAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'createdAt', order: 'asc' },
  actions: ['list'],
  labels: bilingual({
    'field.disputePayee.tradeOrderId': ['交易订单', 'Trade order'],
    'field.disputePayee.payType': ['付款方式', 'Pay type'],
    ...enumLabels('disputePayee', 'payType', PAY_TYPE_LABELS),
    'field.disputePayee.payAccountId': ['收款账号', 'Account no.'],
    'field.disputePayee.holderName': ['户名', 'Holder'],
    'field.disputePayee.bankName': ['开户行', 'Bank'],
    'field.disputePayee.fixedCodeId': ['收款码', 'Payment code'],
    'field.disputePayee.codeOn': ['收款码仍启用', 'Code still on'],
    'field.disputePayee.createdAt': ['下单时间', 'Fixed at the take'],
  }),
});
