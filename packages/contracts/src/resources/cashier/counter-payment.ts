/**
 * Cashier (counter) payments of the wallet area (issue 16, /wallet/counterPaymentPage): cash a wallet
 * member hands over at the counter, credited to the member's wallet account once the member reads
 * back the one-time code sent to their phone. Only named cashier staff reach these pages and their
 * API (the route table's `staffOnly`, enforced by the guard).
 *
 * The cashier records the payment (created), sends the code (code_sent; again for a new code, within
 * the hourly send limit), then confirms it with the code the member reads out (confirmed: the ledger
 * credits the member against the platform's counter-cash account) or cancels it; a payment left
 * unconfirmed is expired by a job.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { registerPermissions } from '../../permissions.ts';
import { bilingual, defineResource } from '../../resource.ts';

export const COUNTER_CURRENCY = 'CNY';
/** Digits of the SMS code. */
export const COUNTER_CODE_DIGITS = 6;
/** Largest single counter payment (a bigger sum is not counter cash). */
export const COUNTER_MAX_AMOUNT = '50000';

export const counterPaymentLifecycle = defineLifecycle({
  states: {
    created: { color: 'default', label: ['待发送验证码', 'Awaiting code'] },
    code_sent: { color: 'processing', label: ['验证码已发送', 'Code sent'] },
    confirmed: { color: 'green', label: ['已确认入账', 'Confirmed'] },
    expired: { color: 'default', label: ['已过期', 'Expired'] },
    cancelled: { color: 'red', label: ['已取消', 'Cancelled'] },
  },
  transitions: {
    sendCode: {
      from: ['created', 'code_sent'],
      to: 'code_sent',
      label: ['发送验证码', 'Send code'],
      confirm: [
        '向会员手机发送短信验证码？之前发送的验证码将失效。',
        "Send a one-time code to the member's phone? Any code sent before stops working.",
      ],
    },
    confirm: {
      from: ['code_sent'],
      to: 'confirmed',
      label: ['确认收款', 'Confirm payment'],
      hint: [
        '请输入会员收到的6位短信验证码。确认后金额将立即计入会员钱包。',
        "Enter the 6-digit code the member received. The amount is credited to the member's wallet at once.",
      ],
      input: { code: { digits: COUNTER_CODE_DIGITS } },
      money: true,
    },
    cancel: {
      from: ['created', 'code_sent'],
      to: 'cancelled',
      label: ['取消', 'Cancel'],
      input: { reason: { required: true, min: 2, max: 200 } },
    },
    expire: { from: ['created', 'code_sent'], to: 'expired', label: ['过期', 'Expire'], system: true },
  },
});

export const counterPaymentPage = defineResource({
  name: 'counterPaymentPage',
  group: 'wallet',
  api: '/api/wallet/counterPaymentPage',
  fields: {
    id: { type: 'number', list: true, sort: true },
    paymentNo: { type: 'string', list: true, filter: 'eq' },
    walletMemberId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'walletFindByPage', labelField: 'account' },
      form: { required: true, readonlyOnEdit: true },
    },
    amount: {
      type: 'money',
      currency: COUNTER_CURRENCY,
      list: true,
      form: { required: true, minAmount: '0.01', maxAmount: COUNTER_MAX_AMOUNT },
    },
    remark: { type: 'text', list: true, form: { max: 200 } },
    status: { type: 'enum', list: true, filter: 'eq' },
    codesSent: { type: 'number', list: true },
    cashierName: { type: 'string', list: true, filter: 'eq' },
    entryId: { type: 'number', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    confirmedAt: { type: 'datetime', list: true },
    closeReason: { type: 'text', list: true },
  },
  labelField: 'paymentNo',
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'add', 'export'],
  children: [{ resource: 'counterPaymentSmsPage', foreignKey: 'paymentId' }],
  lifecycle: counterPaymentLifecycle,
  labels: bilingual({
    'field.counterPaymentPage.id': ['编号', 'ID'],
    'field.counterPaymentPage.paymentNo': ['收款单号', 'Payment no.'],
    'field.counterPaymentPage.walletMemberId': ['钱包会员', 'Wallet member'],
    'field.counterPaymentPage.amount': ['金额', 'Amount'],
    'field.counterPaymentPage.remark': ['备注', 'Remark'],
    'field.counterPaymentPage.status': ['状态', 'Status'],
    'field.counterPaymentPage.codesSent': ['已发验证码', 'Codes sent'],
    'field.counterPaymentPage.cashierName': ['收银员', 'Cashier'],
    'field.counterPaymentPage.entryId': ['分录号', 'Entry'],
    'field.counterPaymentPage.createdAt': ['创建时间', 'Created at'],
    'field.counterPaymentPage.confirmedAt': ['确认时间', 'Confirmed at'],
    'field.counterPaymentPage.closeReason': ['取消/过期原因', 'Close reason'],
    'child.counterPaymentPage.counterPaymentSmsPage': ['短信验证码', 'SMS codes'],
  }),
});

/**
 * Reading the sandbox SMS outbox (the member's phone in tests and the demo; served only with
 * SANDBOX=1): a permission of the SMS codes page, so only cashier staff hold it in effect.
 */
export const SANDBOX_SMS_PERMISSION = 'wallet.counterPaymentSmsPage.sandboxOutbox';
registerPermissions([
  { id: SANDBOX_SMS_PERMISSION, kind: 'action', page: '/wallet/counterPaymentSmsPage', needsCode: false },
]);
