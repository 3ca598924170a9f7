/**
 * Posting a journal entry in the caller's transaction, as one statement (statements.ts entryStatement):
 * the entry's row first (its unique business event refuses a second posting before any balance is
 * touched), the accounts locked in id order (two entries over the same accounts never deadlock), each
 * account's guarded UPDATE (the WHERE refuses a balance below zero or beyond what the column holds, so
 * parallel debits cannot overdraw) and a posting row per leg with the balances after it.
 *
 * Each leg's amount is checked against its currency's rule (contracts money.ts) and written in its
 * canonical form; the double-entry check runs on exactly those written amounts.
 */

import type { LedgerKind } from '@payops/contracts/ledger-kinds';
import { checkAmount } from '@payops/contracts/money';
import { sql } from 'drizzle-orm';
import { clientOf } from '../../db/named-statement.ts';
import { perDatabase } from '../../db/per-database.ts';
import type { Executor, Tx } from './accounts.ts';
import { LedgerError } from './errors.ts';
import { BALANCE_LIMIT, dec, decString, fitsColumn, isZero } from './money.ts';
import type { ledgerPostings } from './schema.ts';
import { accountCurrencies, entryStatement } from './statements.ts';

export interface LegInput {
  accountId: number;
  /** Change of available (signed decimal string). */
  amount?: string;
  /** Change of frozen (signed decimal string). */
  frozenAmount?: string;
}

export interface EntryInput {
  /** Named in both languages wherever postings are listed (contracts LEDGER_KIND_LABELS). */
  kind: LedgerKind;
  refType?: string;
  refId?: string;
  operatorId?: number | null;
  note?: string;
  reversesEntryId?: number | null;
  /**
   * The business event this entry posts for its reference (ref_type, ref_id): posted at most once.
   * Default: `reversal:<entry>` for a reversal, else the kind (an order's `deposit` credits it once).
   */
  event?: string;
  /** Posting time; the app's clock in the services, so tests can move it. */
  at?: Date;
  /**
   * The entry's id when drawn beforehand from ledger_entry_seq (an order's guarded UPDATE keeps it in
   * its `entry_id` in the same statement: one round trip and one row version fewer); default a new one.
   */
  id?: number;
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

/** The event an entry posts (see EntryInput.event). */
export function eventOf(entry: EntryInput): string {
  if (entry.event) return entry.event;
  if (entry.reversesEntryId) return `reversal:${entry.reversesEntryId}`;
  return entry.kind;
}

/** An amount as it is written: checked against its currency's rule, in canonical text. */
export function ruledAmount(text: string, currency: string): string {
  const problem = checkAmount(text, currency, 'any');
  if (problem) throw new LedgerError('amount', { problem, currency, amount: text });
  return decString(dec(text.trim()));
}

/** A leg with its currency and its amounts as they will be written. */
export interface RuledLeg {
  accountId: number;
  currency: string;
  amount: string;
  frozenAmount: string;
}

export function ruledLeg(leg: LegInput, currency: string): RuledLeg {
  return {
    accountId: leg.accountId,
    currency,
    amount: ruledAmount(leg.amount ?? '0', currency),
    frozenAmount: ruledAmount(leg.frozenAmount ?? '0', currency),
  };
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

const LIMIT = decString(BALANCE_LIMIT);

/**
 * An account's currency never changes once the account exists (nothing updates the column), so each
 * id's currency is kept once read: a posting then sends no look-up for accounts posted to before
 * (a round trip of every money transition). An id read in a transaction that rolls back is never
 * posted to again (sequences do not reuse ids); if it were, its guarded UPDATE would find no row.
 */
const knownCurrencies = new Map<string, Map<number, string>>();

async function currenciesOf(client: ReturnType<typeof clientOf>, legs: readonly LegInput[]) {
  const known = perDatabase(knownCurrencies, client);
  const ids = [...new Set(legs.map((l) => l.accountId))];
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) {
    const found = await accountCurrencies.rows(client, { ids: missing });
    for (const r of found) known.set(r.id as number, r.currency as string);
  }
  return known;
}

/**
 * An entry's statement values (entryCtes' placeholders): each leg ruled by its account's currency,
 * sorted by account, the legs balanced per currency; refusals throw before anything is sent.
 */
export async function entryValues(
  exec: Executor,
  entry: EntryInput,
): Promise<{ values: Record<string, unknown>; legs: RuledLeg[]; at: Date }> {
  if (entry.legs.length === 0) throw new LedgerError('unbalanced', { legs: 0 });
  const currencies = await currenciesOf(clientOf(exec), entry.legs);
  const legs = entry.legs
    .map((l) => {
      const currency = currencies.get(l.accountId);
      if (!currency) throw new LedgerError('noAccount', { accountId: l.accountId });
      return ruledLeg(l, currency);
    })
    .sort((a, b) => a.accountId - b.accountId);
  checkBalanced(legs);
  const at = entry.at ?? new Date();
  const values = {
    at,
    limit: LIMIT,
    kind: entry.kind,
    refType: entry.refType ?? '',
    refId: entry.refId ?? '',
    reversesEntryId: entry.reversesEntryId ?? null,
    operatorId: entry.operatorId ?? null,
    note: entry.note ?? '',
    id: entry.id ?? null,
    event: eventOf(entry),
    accountIds: legs.map((l) => l.accountId),
    amounts: legs.map((l) => l.amount),
    frozens: legs.map((l) => l.frozenAmount),
  };
  return { values, legs, at };
}

export async function postEntry(tx: Tx, entry: EntryInput): Promise<PostedEntry> {
  const { values, legs, at } = await entryValues(tx, entry);
  // The entry, its accounts' guarded changes and its postings in one statement (statements.ts): a
  // refusal throws, and the caller's transaction rolls back whatever the statement wrote.
  const answer = await entryStatement.rows(clientOf(tx), values);
  const entryId = answer[0]?.newEntryId as number | null | undefined;
  if (entryId == null)
    throw new LedgerError('duplicateEvent', {
      refType: entry.refType,
      refId: entry.refId,
      event: eventOf(entry),
    });
  const postings = answer
    .filter((row) => row.id != null)
    .map(({ newEntryId: _, ...posting }) => posting as Posting)
    .sort((a, b) => a.id - b.id);
  if (postings.length < legs.length) {
    const posted = new Set(postings.map((p) => p.accountId));
    throw await refusal(tx, accountTotal(legs, legs.find((l) => !posted.has(l.accountId))!.accountId), at);
  }
  return { entryId, postings };
}

/** An account's legs of an entry as one change (what its guard was checked against). */
function accountTotal(legs: readonly RuledLeg[], accountId: number): RuledLeg {
  const mine = legs.filter((l) => l.accountId === accountId);
  const sum = (pick: (l: RuledLeg) => string) =>
    decString(mine.reduce((n, l) => n.plus(dec(pick(l))), dec('0')));
  return { ...mine[0]!, amount: sum((l) => l.amount), frozenAmount: sum((l) => l.frozenAmount) };
}

/**
 * Why a leg's guarded UPDATE matched no row: the account's day is settled, the balance would leave its
 * column, or fall below zero.
 */
async function refusal(tx: Tx, leg: RuledLeg, at: Date): Promise<LedgerError> {
  const { rows } = await tx.execute<{ available: string; frozen: string; settled_until: string | null }>(
    sql`SELECT available, frozen, settled_until FROM ledger_accounts WHERE id = ${leg.accountId}`,
  );
  const detail = { accountId: leg.accountId, amount: leg.amount, frozenAmount: leg.frozenAmount };
  const now = rows[0];
  if (!now) return new LedgerError('noAccount', { accountId: leg.accountId });
  if (now.settled_until && at < new Date(now.settled_until))
    return new LedgerError('settledDay', { ...detail, settledUntil: now.settled_until });
  if (
    !fitsColumn(dec(now.available).plus(dec(leg.amount))) ||
    !fitsColumn(dec(now.frozen).plus(dec(leg.frozenAmount)))
  )
    return new LedgerError('overflow', detail);
  return new LedgerError('insufficient', detail);
}
