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
import type { Locale } from '@payops/contracts';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/ledger/index.ts';
import type { Notification } from './bank-templates.ts';
import type { EmailOrder } from './email.schema.ts';

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

const text = {
  noMatch: { 'zh-CN': '撮合单不存在', 'en-US': 'no such match' },
  notWaiting: {
    'zh-CN': '该撮合单不是「付款方已付款」状态',
    'en-US': 'the match is not waiting for its receiver (payer paid)',
  },
  amount: {
    'zh-CN': '撮合单金额与邮件到账金额不一致',
    'en-US': "the match's amount differs from the email's",
  },
} satisfies Record<string, Record<Locale, string>>;

/**
 * An operator's bind of an email order to a match (locked): null when the email may confirm it (it
 * waits for its receiver and has the email's amount), else why not.
 */
export async function matchBindRefusal(
  tx: Tx,
  matchId: number,
  email: Pick<EmailOrder, 'amount'>,
  locale: Locale,
): Promise<string | null> {
  const { rows } = await tx.execute<{ status: string; amount: string }>(
    sql`SELECT status, amount::text FROM matches WHERE id = ${matchId} FOR UPDATE`,
  );
  const match = rows[0];
  if (!match) return text.noMatch[locale];
  if (match.status !== 'payer_paid') return text.notWaiting[locale];
  if (!email.amount || !new Big(match.amount).eq(email.amount)) return text.amount[locale];
  return null;
}
