/**
 * financeRisk/blackBlockEmailLog: the bank email orders the risk lists refused (the block log's rows
 * of source 'email'): when, the rule and its entry, the deposit merchant and
 * order of the match the email would have confirmed, the refused email order (a link to it on
 * emailOrderList), the subject (masked) and the entry's reason.
 */
import { bilingual } from '../../resource.ts';
import { defineView } from '../../view.ts';
import { blackBlockLog } from './block-log.ts';

export const blackBlockEmailLog = defineView(blackBlockLog, {
  group: 'financeRisk',
  page: 'blackBlockEmailLog',
  api: '/api/financeRisk/blockEmailLog',
  scope: { source: 'email' },
  fields: {
    emailOrderId: { type: 'number', list: true, filter: 'eq' },
  },
  columns: [
    'id',
    'at',
    'emailOrderId',
    'rule',
    'kind',
    'entryId',
    'merchantId',
    'mchNo',
    'orderNo',
    'subject',
    'reason',
  ],
  labels: bilingual({
    'field.blackBlockEmailLog.emailOrderId': ['邮件订单', 'Email order'],
  }),
});
