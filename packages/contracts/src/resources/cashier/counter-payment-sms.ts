/**
 * /wallet/counterPaymentSmsPage: the one-time codes sent for counter payments. The code itself is
 * never stored (only its hash) nor shown; the phone is masked like any personal field. A code is
 * sent, then used (confirmed the payment), expired (5 minutes, or a newer code was sent), or locked
 * (5 wrong tries).
 */
import { bilingual, defineResource } from '../../resource.ts';

export const SMS_CODE_STATES = ['sent', 'used', 'expired', 'locked'] as const;
/** Wrong tries a code allows; the next try is refused even with the right code. */
export const SMS_CODE_MAX_TRIES = 5;
/** How long a code stays valid. */
export const SMS_CODE_TTL_MS = 5 * 60_000;

export const counterPaymentSmsPage = defineResource({
  name: 'counterPaymentSmsPage',
  group: 'wallet',
  api: '/api/wallet/counterPaymentSmsPage',
  fields: {
    id: { type: 'number', list: true, sort: true },
    paymentId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: { resource: 'counterPaymentPage', labelField: 'paymentNo' },
    },
    phone: { type: 'string', mask: 'phone', list: true },
    state: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'sent', color: 'processing' },
        { value: 'used', color: 'green' },
        { value: 'expired', color: 'default' },
        { value: 'locked', color: 'red' },
      ],
    },
    tries: { type: 'number', list: true },
    sentBy: { type: 'string', list: true },
    sentAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    expiresAt: { type: 'datetime', list: true },
    usedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.counterPaymentSmsPage.id': ['编号', 'ID'],
    'field.counterPaymentSmsPage.paymentId': ['收款单号', 'Payment no.'],
    'field.counterPaymentSmsPage.phone': ['手机号', 'Phone'],
    'field.counterPaymentSmsPage.state': ['状态', 'State'],
    'enum.counterPaymentSmsPage.state.sent': ['已发送', 'Sent'],
    'enum.counterPaymentSmsPage.state.used': ['已使用', 'Used'],
    'enum.counterPaymentSmsPage.state.expired': ['已失效', 'Expired'],
    'enum.counterPaymentSmsPage.state.locked': ['已锁定', 'Locked'],
    'field.counterPaymentSmsPage.tries': ['尝试次数', 'Tries'],
    'field.counterPaymentSmsPage.sentBy': ['发送人', 'Sent by'],
    'field.counterPaymentSmsPage.sentAt': ['发送时间', 'Sent at'],
    'field.counterPaymentSmsPage.expiresAt': ['过期时间', 'Expires at'],
    'field.counterPaymentSmsPage.usedAt': ['使用时间', 'Used at'],
  }),
});
