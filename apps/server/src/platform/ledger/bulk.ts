/**
 * Posting many entries at once (demo data, imports, benchmarks): the same rules as postEntry (amounts
 * by their currency's rule, balanced legs, no balance below zero unless allowed or beyond the column,
 * each business event once, nothing dated inside a settled day, balances after each posting) but computed in memory with big.js over
 * accounts locked FOR UPDATE, then written with one INSERT of arrays (unnest) per table and one UPDATE
 * of the final balances. Thousands of postings cost a few statements instead of thousands.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from './accounts.ts';
import { LedgerError } from './errors.ts';
import type { Decimal } from './money.ts';
import { dec, decString, fitsColumn, isNegative } from './money.ts';
import { checkBalanced, type EntryInput, eventOf, ruledLeg } from './post.ts';

interface Locked {
  id: number;
  ownerType: string;
  ownerId: number;
  ownerCode: string;
  merchantId: number | null;
  currency: string;
  available: Decimal;
  frozen: Decimal;
  allowNegative: boolean;
  settledUntil: Date | null;
}

const COLUMNS = [
  ['entry_id', 'bigint'],
  ['account_id', 'bigint'],
  ['owner_type', 'text'],
  ['owner_id', 'bigint'],
  ['owner_code', 'text'],
  ['merchant_id', 'integer'],
  ['currency', 'text'],
  ['amount', 'numeric'],
  ['frozen_amount', 'numeric'],
  ['balance_after', 'numeric'],
  ['frozen_after', 'numeric'],
  ['kind', 'text'],
  ['ref_type', 'text'],
  ['ref_id', 'text'],
  ['operator_id', 'integer'],
  ['note', 'text'],
  ['created_at', 'timestamptz'],
] as const;

async function lockAccounts(tx: Tx, ids: number[]): Promise<Map<number, Locked>> {
  const { rows } = await tx.execute<{
    id: string;
    owner_type: string;
    owner_id: string;
    owner_code: string;
    merchant_id: number | null;
    currency: string;
    available: string;
    frozen: string;
    allow_negative: boolean;
    settled_until: string | null;
  }>(sql`SELECT id, owner_type, owner_id, owner_code, merchant_id, currency, available, frozen, allow_negative,
                settled_until
           FROM ledger_accounts WHERE id = ANY(${sql.param(ids)}::bigint[]) ORDER BY id FOR UPDATE`);
  const map = new Map<number, Locked>();
  for (const r of rows) {
    map.set(Number(r.id), {
      id: Number(r.id),
      ownerType: r.owner_type,
      ownerId: Number(r.owner_id),
      ownerCode: r.owner_code,
      merchantId: r.merchant_id,
      currency: r.currency,
      available: dec(r.available),
      frozen: dec(r.frozen),
      allowNegative: r.allow_negative,
      settledUntil: r.settled_until ? new Date(r.settled_until) : null,
    });
  }
  return map;
}

/** Posts the entries in order; throws (and so rolls back everything) on the first refused one. */
export async function postEntries(tx: Tx, entries: readonly EntryInput[]): Promise<number> {
  if (entries.length === 0) return 0;
  const ids = [...new Set(entries.flatMap((e) => e.legs.map((l) => l.accountId)))];
  const accounts = await lockAccounts(tx, ids);
  const { rows: seq } = await tx.execute<{ id: string }>(
    sql`SELECT nextval('ledger_entry_seq') AS id FROM generate_series(1, ${entries.length})`,
  );
  const cols: unknown[][] = COLUMNS.map(() => []);
  const push = (...values: unknown[]) => {
    values.forEach((v, i) => {
      cols[i]!.push(v);
    });
  };
  const heads: unknown[][] = [[], [], [], [], [], []];
  entries.forEach((entry, i) => {
    const legs = entry.legs.map((l) => {
      const account = accounts.get(l.accountId);
      if (!account) throw new LedgerError('noAccount', { accountId: l.accountId });
      return { ...ruledLeg(l, account.currency), account };
    });
    checkBalanced(legs);
    const entryId = Number(seq[i]!.id);
    const at = entry.at ?? new Date();
    [entryId, entry.kind, entry.refType ?? '', entry.refId ?? '', eventOf(entry), at].forEach((v, k) => {
      heads[k]!.push(v);
    });
    for (const leg of legs) {
      const a = leg.account;
      const amount = dec(leg.amount);
      const frozenAmount = dec(leg.frozenAmount);
      const available = a.available.plus(amount);
      const frozen = a.frozen.plus(frozenAmount);
      if (a.settledUntil && at < a.settledUntil)
        throw new LedgerError('settledDay', { accountId: a.id, settledUntil: a.settledUntil.toISOString() });
      if ((!a.allowNegative && isNegative(available)) || isNegative(frozen))
        throw new LedgerError('insufficient', { accountId: a.id, amount: decString(amount) });
      if (!fitsColumn(available) || !fitsColumn(frozen))
        throw new LedgerError('overflow', { accountId: a.id, amount: decString(amount) });
      a.available = available;
      a.frozen = frozen;
      push(
        entryId,
        a.id,
        a.ownerType,
        a.ownerId,
        a.ownerCode,
        a.merchantId,
        a.currency,
        decString(amount),
        decString(frozenAmount),
        decString(available),
        decString(frozen),
        entry.kind,
        entry.refType ?? '',
        entry.refId ?? '',
        entry.operatorId ?? null,
        entry.note ?? '',
        at,
      );
    }
  });
  // The entries first: a business event posted before (or twice in this batch) refuses the batch.
  const { rows: headed } = await tx.execute<{ n: string }>(sql`
    WITH ins AS (
      INSERT INTO ledger_entries (id, kind, ref_type, ref_id, event, created_at)
      SELECT * FROM unnest(${sql.param(heads[0])}::bigint[], ${sql.param(heads[1])}::text[],
                           ${sql.param(heads[2])}::text[], ${sql.param(heads[3])}::text[],
                           ${sql.param(heads[4])}::text[], ${sql.param(heads[5])}::timestamptz[])
      ON CONFLICT DO NOTHING RETURNING 1)
    SELECT count(*) AS n FROM ins`);
  if (Number(headed[0]!.n) !== entries.length)
    throw new LedgerError('duplicateEvent', { posted: Number(headed[0]!.n), entries: entries.length });
  const names = sql.raw(COLUMNS.map(([c]) => c).join(', '));
  const arrays = sql.join(
    COLUMNS.map(([, type], i) => sql`${sql.param(cols[i])}::${sql.raw(type)}[]`),
    sql`, `,
  );
  // WITH ORDINALITY keeps the computed order, so posting ids follow the balances-after of each account.
  await tx.execute(sql`
    INSERT INTO ledger_postings (${names})
    SELECT ${names} FROM unnest(${arrays}) WITH ORDINALITY AS v(${names}, n) ORDER BY n`);
  const touched = [...accounts.values()];
  await tx.execute(sql`
    UPDATE ledger_accounts a
       SET available = v.available, frozen = v.frozen, updated_at = now()
      FROM unnest(${sql.param(touched.map((a) => a.id))}::bigint[],
                  ${sql.param(touched.map((a) => decString(a.available)))}::numeric[],
                  ${sql.param(touched.map((a) => decString(a.frozen)))}::numeric[]) AS v(id, available, frozen)
     WHERE a.id = v.id`);
  return cols[0]!.length;
}
