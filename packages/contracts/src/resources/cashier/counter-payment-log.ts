/**
 * /wallet/counterPaymenLogtPage (the spec's spelling): every cashier action, as a view of the
 * hash-chained operation log scoped (on the server) to the counter payments and their codes. The
 * log already holds each create, code sent, confirmation, cancellation and refused try (a wrong code
 * is a failure row), written in the same transaction as the change, and audit:verify checks it: a
 * table of its own would be a second, unchained copy of the same rows.
 */
import { defineView } from '../../view.ts';
import { opearlog } from '../sys/opearlog.ts';
import { counterPaymentPage } from './counter-payment.ts';

export const counterPaymenLogtPage = defineView(opearlog, {
  group: 'wallet',
  page: 'counterPaymenLogtPage',
  api: '/api/wallet/counterPaymenLogtPage',
  // The object type is always the counter payment (the scope): not a column.
  columns: ['id', 'at', 'operatorName', 'action', 'objectId', 'result', 'code', 'ip', 'detail'],
  readOnly: true,
  scope: { objectType: [counterPaymentPage.name] },
});
