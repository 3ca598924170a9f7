/**
 * What the email orders need of the match engine (modules/match): the waiting matches a bank
 * notification fits, and the confirmation of one by an email order. The engine's own
 * findMatchCandidates looks up a full payee account number; a bank email shows only its last four
 * digits (and the payer's name), so the email orders ask the matches table this way.
 *
 * A notification fits a match waiting for the receiver's confirmation (`payer_paid`: the engine's
 * `confirmEmail` transition starts there) with the same amount, a payee account ending in the
 * notification's four digits, the same payer name (when the match recorded one), created at most
 * a day before the money arrived (and not after it, give or take the clocks' skew). Rows are locked
 * so a concurrent confirmation waits.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/ledger/index.ts';
import type { Notification } from './bank-templates.ts';

const WINDOW_BEFORE_MS = 24 * 3_600_000;
const CLOCK_SKEW_MS = 10 * 60_000;

export async function findMatchCandidates(tx: Tx, n: Notification): Promise<number[]> {
  const from = new Date(n.paidAt.getTime() - WINDOW_BEFORE_MS);
  const to = new Date(n.paidAt.getTime() + CLOCK_SKEW_MS);
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT id FROM matches
     WHERE status = 'payer_paid' AND amount = ${n.amount}::numeric
       AND right(payee_account_no, 4) = ${n.accountTail}
       AND (payer_name = '' OR payer_name = ${n.payerName})
       AND created_at BETWEEN ${from.toISOString()}::timestamptz AND ${to.toISOString()}::timestamptz
     ORDER BY id
     LIMIT 5
       FOR UPDATE`);
  return rows.map((r) => Number(r.id));
}

/**
 * The match engine's confirmation by an email order, in the caller's transaction (it settles both
 * sides there; a match no longer payer-paid throws and the whole transaction rolls back).
 */
export { confirmMatchByEmail } from '../match/match-service.ts';
