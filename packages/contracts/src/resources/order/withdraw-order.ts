/**
 * Normal withdrawals (payouts through a third party's agent-pay passage): the merchant's API call
 * creates the order and freezes amount + fee at once; a review (auto-review rules or an operator)
 * approves or rejects it; an approved order is paid out by the upstream adapter (a job), whose answer
 * makes it a success (the frozen amount is debited) or a failure (unfrozen). A risk hold (detain) stops
 * it wherever it is open until an operator releases or rejects it.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';

export const WITHDRAW_STATES = [
  'created',
  'in_review',
  'approved',
  'paying',
  'success',
  'failed',
  'rejected',
  'detained',
] as const;
export type WithdrawState = (typeof WITHDRAW_STATES)[number];

/** States the merchant is told of: the frozen amount has been debited or released. */
export const WITHDRAW_FINAL_STATES = ['success', 'failed', 'rejected'] as const;

export const withdrawLifecycle = defineLifecycle({
  states: {
    created: { color: 'default', label: ['已创建', 'Created'] },
    in_review: { color: 'gold', label: ['待审核', 'In review'] },
    approved: { color: 'blue', label: ['已审核', 'Approved'] },
    paying: { color: 'processing', label: ['代付中', 'Paying out'] },
    success: { color: 'green', label: ['成功', 'Success'] },
    failed: { color: 'red', label: ['失败', 'Failed'] },
    rejected: { color: 'default', label: ['已驳回', 'Rejected'] },
    detained: { color: 'magenta', label: ['已扣留', 'Detained'] },
  },
  transitions: {
    // Creation done (amount frozen): the order enters the review queue.
    review: { from: ['created'], to: 'in_review', label: ['进入审核', 'To review'], system: true },
    // The auto-review rules passed it.
    autoApprove: {
      from: ['in_review'],
      to: 'approved',
      label: ['自动审核通过', 'Auto-approve'],
      system: true,
    },
    // The payout job submitted it to an agent-pay passage (upstream order number set with it).
    pay: { from: ['approved'], to: 'paying', label: ['提交代付', 'Submit payout'], system: true },
    paySuccess: {
      from: ['paying'],
      to: 'success',
      label: ['代付成功', 'Payout succeeded'],
      money: true,
      system: true,
    },
    payFail: {
      from: ['paying'],
      to: 'failed',
      label: ['代付失败', 'Payout failed'],
      money: true,
      system: true,
    },
    approve: {
      from: ['in_review'],
      to: 'approved',
      label: ['审核通过', 'Approve'],
      confirm: ['确认通过该提现申请？将提交代付。', 'Approve this withdrawal? It will be paid out.'],
      needsCode: true,
    },
    reject: {
      from: ['in_review'],
      to: 'rejected',
      label: ['驳回', 'Reject'],
      hint: [
        '驳回后冻结金额退回商户可用余额。',
        "Rejecting returns the frozen amount to the merchant's balance.",
      ],
      input: { reason: { required: true, min: 2, max: 200 } },
      needsCode: true,
      money: true,
    },
  },
});

export const WITHDRAW_CURRENCY = 'CNY';

export const orderTransferList = defineResource({
  name: 'orderTransferList',
  group: 'order',
  api: '/api/pay/transferOrder',
  fields: {
    id: { type: 'number', list: true, sort: true },
    orderNo: { type: 'string', list: true, filter: 'eq' },
    mchOrderNo: { type: 'string', list: true, filter: 'eq' },
    merchantId: { type: 'ref', list: true, filter: 'eq', ref: { resource: 'mchList', labelField: 'mchNo' } },
    memberAccount: { type: 'string', list: true, filter: 'eq' },
    amount: { type: 'money', list: true, filter: 'between' },
    fee: { type: 'money', list: true },
    bankName: { type: 'string', list: true },
    accountName: { type: 'string', list: true, mask: 'name' },
    accountNo: { type: 'string', list: true, mask: 'bankCard' },
    passageId: { type: 'ref', list: true, filter: 'eq', ref: { resource: 'passage', labelField: 'name' } },
    upstreamOrderNo: { type: 'string', list: true, filter: 'eq' },
    status: { type: 'enum', list: true, filter: 'in' },
    failReason: { type: 'text', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    finishedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  lifecycle: withdrawLifecycle,
  labels: bilingual({
    'field.orderTransferList.id': ['编号', 'ID'],
    'field.orderTransferList.orderNo': ['平台订单号', 'Order no.'],
    'field.orderTransferList.mchOrderNo': ['商户订单号', 'Merchant order no.'],
    'field.orderTransferList.merchantId': ['商户号', 'Merchant no.'],
    'field.orderTransferList.memberAccount': ['会员账号', 'Member account'],
    'field.orderTransferList.amount': ['提现金额', 'Amount'],
    'field.orderTransferList.fee': ['手续费', 'Fee'],
    'field.orderTransferList.bankName': ['收款银行', 'Bank'],
    'field.orderTransferList.accountName': ['收款人', 'Account holder'],
    'field.orderTransferList.accountNo': ['收款账号', 'Account no.'],
    'field.orderTransferList.passageId': ['代付通道', 'Payout passage'],
    'field.orderTransferList.upstreamOrderNo': ['上游单号', 'Upstream order no.'],
    'field.orderTransferList.status': ['状态', 'Status'],
    'field.orderTransferList.failReason': ['失败原因', 'Failure reason'],
    'field.orderTransferList.createdAt': ['创建时间', 'Created at'],
    'field.orderTransferList.finishedAt': ['完成时间', 'Finished at'],
  }),
});
