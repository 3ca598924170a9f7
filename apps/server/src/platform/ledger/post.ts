/**
 * Posting a journal entry: for each leg a guarded UPDATE of the account (the WHERE refuses a balance
 * below zero, so parallel debits cannot overdraw) and the posting rows with the balances the UPDATE
 * returned, all in the caller's transaction. Legs are applied in account-id order so two entries over
 * the same accounts never deadlock.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from './accounts.ts';
import { LedgerError } from './errors.ts';
import { dec, decString, isZero } from './money.ts';
import { ledgerAccounts, ledgerPostings } from './schema.ts';

export interface LegInput {
  accountId: number;
  /** Change of available (signed decimal string). */
  amount?: string;
  /** Change of frozen (signed decimal string). */
  frozenAmount?: string;
}

export interface EntryInput {
  kind: string;
  refType?: string;
  refId?: string;
  operatorId?: number | null;
  note?: string;
  reversesEntryId?: number | null;
  /** Posting time; the app's clock in the services, so tests can move it. */
  at?: Date;
  legs: readonly LegInput[];
}

export type Posting = typeof ledgerPostings.$inferSelect;

export interface PostedEntry {
  entryId: number;
  postings: Posting[];
}

export async function nextEntryId(tx: Executor): Promise<number> {
  const { rows } = await tx.execute<{ id: string }>(sql`SELECT nextval('ledger_entry_seq') AS id`);
  return Number(rows[0]!.id);
}

/** Legs must balance per currency (double entry); checked before anything is written. */
export function checkBalanced(legs: readonly (LegInput & { currency: string })[]): void {
  const totals = new Map<string, ReturnType<typeof dec>>();
  for (const leg of legs) {
    const prev = totals.get(leg.currency) ?? dec('0');
    totals.set(leg.currency, prev.plus(dec(leg.amount ?? '0')).plus(dec(leg.frozenAmount ?? '0')));
  }
  for (const [currency, total] of totals) {
    if (!isZero(total)) throw new LedgerError('unbalanced', { currency, total: decString(total) });
  }
}

export async function postEntry(tx: Tx, entry: EntryInput): Promise<PostedEntry> {
  if (entry.legs.length === 0) throw new LedgerError('unbalanced', { legs: 0 });
  const ids = [...new Set(entry.legs.map((l) => l.accountId))].sort((a, b) => a - b);
  const currencies = new Map<number, string>();
  for (const id of ids) {
    const [row] = await tx
      .select({ currency: ledgerAccounts.currency })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, id));
    if (!row) throw new LedgerError('noAccount', { accountId: id });
    currencies.set(id, row.currency);
  }
  checkBalanced(entry.legs.map((l) => ({ ...l, currency: currencies.get(l.accountId)! })));

  const entryId = await nextEntryId(tx);
  const at = entry.at ?? new Date();
  const legs = [...entry.legs].sort((a, b) => a.accountId - b.accountId);
  const rows: (typeof ledgerPostings.$inferInsert)[] = [];
  for (const leg of legs) {
    const amount = decString(dec(leg.amount ?? '0'));
    const frozenAmount = decString(dec(leg.frozenAmount ?? '0'));
    // The guard lives in the WHERE: the row lock taken by this UPDATE serialises parallel postings.
    const { rows: updated } = await tx.execute<{
      owner_type: Posting['ownerType'];
      owner_id: string;
      owner_code: string;
      merchant_id: number | null;
      currency: string;
      available: string;
      frozen: string;
    }>(sql`
      UPDATE ledger_accounts
         SET available = available + ${amount}::numeric,
             frozen = frozen + ${frozenAmount}::numeric,
             updated_at = ${at}
       WHERE id = ${leg.accountId}
         AND (allow_negative OR available + ${amount}::numeric >= 0)
         AND frozen + ${frozenAmount}::numeric >= 0
   RETURNING owner_type, owner_id, owner_code, merchant_id, currency, available, frozen`);
    const account = updated[0];
    if (!account) throw new LedgerError('insufficient', { accountId: leg.accountId, amount, frozenAmount });
    rows.push({
      entryId,
      accountId: leg.accountId,
      ownerType: account.owner_type,
      ownerId: Number(account.owner_id),
      ownerCode: account.owner_code,
      merchantId: account.merchant_id,
      currency: account.currency,
      amount,
      frozenAmount,
      balanceAfter: account.available,
      frozenAfter: account.frozen,
      kind: entry.kind,
      refType: entry.refType ?? '',
      refId: entry.refId ?? '',
      reversesEntryId: entry.reversesEntryId ?? null,
      operatorId: entry.operatorId ?? null,
      note: entry.note ?? '',
      createdAt: at,
    });
  }
  const postings = await tx.insert(ledgerPostings).values(rows).returning();
  return { entryId, postings };
}
