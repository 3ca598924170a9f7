/** Ledger accounts: found or opened per owner and currency, and the platform's contra accounts. */
import { and, eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { clientOf } from '../../db/named-statement.ts';
import { perDatabase } from '../../db/per-database.ts';
import { ledgerAccounts, type OwnerType } from './schema.ts';
import { accountIdStatement, findAccountStatement, findAccountsStatement } from './statements.ts';

/** A transaction (or the client itself, for reads). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export interface Owner {
  ownerType: OwnerType;
  ownerId: number;
  ownerCode?: string;
  merchantId?: number | null;
  currency?: string;
}

export type Account = typeof ledgerAccounts.$inferSelect;

/**
 * The platform's own accounts, the other side of entries that bring money in or take it out: they may
 * go below zero (their balance is what the platform has paid out or taken in through them).
 */
export const PLATFORM = {
  /** Manual balance adjustments by operators. */
  adjustments: 1,
  /** The outside world: deposits arrive from it, withdrawals leave to it. */
  settlement: 2,
  /** Credit points granted to or taken from members. */
  points: 3,
  /** Fees the platform charged merchants on their orders (its income). */
  fees: 4,
  /** Cash received at the wallet counter (cashier payments credit wallet members against it). */
  counterCash: 21,
  /** The simulator's faucet: coins given to the sandbox merchant's traders (modules/mockTrade). */
  sandbox: 9,
} as const;

export const POINTS_CURRENCY = 'PTS';

/** The account of an owner in a currency, opened on first use (two callers racing get the same row). */
export async function ensureAccount(tx: Executor, owner: Owner, allowNegative = false): Promise<Account> {
  const currency = owner.currency ?? 'CNY';
  // Found first: an INSERT ... ON CONFLICT against a row another transaction is posting to waits for
  // that transaction, which would make a hot row hotter.
  const existing = await findAccount(tx, { ...owner, currency });
  if (existing) return existing;
  await tx
    .insert(ledgerAccounts)
    .values({
      ownerType: owner.ownerType,
      ownerId: owner.ownerId,
      ownerCode: owner.ownerCode ?? '',
      merchantId: owner.merchantId ?? null,
      currency,
      allowNegative,
    })
    .onConflictDoNothing();
  return (await findAccount(tx, { ...owner, currency }))!;
}

/** Account ids by owner and currency (accountIdOf). */
const knownIds = new Map<string, Map<string, number>>();

/**
 * An owner's account id, opened as ensureAccount does when there is none. An account's owner and
 * currency never change and accounts are never deleted, so an id is kept once seen: an order's posting
 * then sends no look-up for the merchant and contra accounts posted to before (three round trips of
 * every deposit approval). Kept only when another transaction opened the account (committed): one the
 * caller's own transaction opened may still roll back.
 */
export async function accountIdOf(tx: Executor, owner: Owner, allowNegative = false): Promise<number> {
  const client = clientOf(tx);
  const known = perDatabase(knownIds, client);
  const currency = owner.currency ?? 'CNY';
  const key = `${owner.ownerType}:${owner.ownerId}:${currency}`;
  const hit = known.get(key);
  if (hit !== undefined) return hit;
  const [found] = await accountIdStatement.rows(client, {
    ownerType: owner.ownerType,
    ownerId: owner.ownerId,
    currency,
  });
  if (!found) return (await ensureAccount(tx, owner, allowNegative)).id;
  if (found.committed) known.set(key, found.id as number);
  return found.id as number;
}

/**
 * The platform's contra accounts are sharded: every posting against one contra row would take that
 * row's lock until its transaction commits, and all order traffic in a currency would queue behind it.
 * Instead each contra has CONTRA_SHARDS accounts (owner id `base + k * SHARD_STRIDE`; shard 0 keeps
 * the original id), and an entry picks its shard by a hash of its reference, so postings for
 * different orders mostly touch different rows. The platform's position in a contra is the sum over
 * its shards (platformPosition); `ledger:verify` checks each shard like any other account.
 * A shard is held from its posting to the commit's WAL flush: 8 shards met 16 concurrent deposit
 * approvals on one row too often (bench); 32 make a wait rare, and the position is a 32-row sum.
 */
export const CONTRA_SHARDS = 32;
export const SHARD_STRIDE = 1000;

/** The shard of a reference (FNV-1a of its text): the same reference always lands on the same shard. */
export function contraShard(ref: string, shards = CONTRA_SHARDS): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < ref.length; i++) {
    h ^= ref.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % shards;
}

/** The owner ids of a contra's shards. */
export function contraOwnerIds(which: keyof typeof PLATFORM): number[] {
  return Array.from({ length: CONTRA_SHARDS }, (_, k) => PLATFORM[which] + k * SHARD_STRIDE);
}

/**
 * A platform contra account: the shard of `ref` (e.g. `merchant_adjustment:ADJ7`) when given, else
 * shard 0. Callers that post for a reference should pass it, so their postings spread over the shards.
 */
export function platformAccount(tx: Executor, which: keyof typeof PLATFORM, currency = 'CNY', ref?: string) {
  return ensureAccount(tx, platformOwner(which, currency, ref), true);
}

/** platformAccount's id (accountIdOf: no look-up once known). */
export function platformAccountId(
  tx: Executor,
  which: keyof typeof PLATFORM,
  currency = 'CNY',
  ref?: string,
) {
  return accountIdOf(tx, platformOwner(which, currency, ref), true);
}

/** The owner of a platform contra account (platformAccount): the shard of `ref`, else shard 0. */
export function platformOwner(which: keyof typeof PLATFORM, currency = 'CNY', ref?: string): Owner {
  const shard = ref === undefined ? 0 : contraShard(ref);
  return {
    ownerType: 'platform',
    ownerId: PLATFORM[which] + shard * SHARD_STRIDE,
    ownerCode: shard === 0 ? which : `${which}#${shard}`,
    currency,
  };
}

/**
 * The accounts of several owners (in their order), read in ONE statement; any not there yet is
 * opened as ensureAccount does (platform owners may go below zero, as platformAccount's).
 */
export async function ensureAccounts(tx: Executor, owners: readonly Owner[]): Promise<Account[]> {
  const found = (await findAccountsStatement.rows(clientOf(tx), {
    ownerTypes: owners.map((o) => o.ownerType),
    ownerIds: owners.map((o) => o.ownerId),
    currencies: owners.map((o) => o.currency ?? 'CNY'),
  })) as Account[];
  const accounts: Account[] = [];
  for (const o of owners) {
    const currency = o.currency ?? 'CNY';
    const hit = found.find(
      (a) => a.ownerType === o.ownerType && a.ownerId === o.ownerId && a.currency === currency,
    );
    accounts.push(hit ?? (await ensureAccount(tx, o, o.ownerType === 'platform')));
  }
  return accounts;
}

/** The platform's position in a contra and currency: the sum of its shards' balances. */
export async function platformPosition(
  tx: Executor,
  which: keyof typeof PLATFORM,
  currency = 'CNY',
): Promise<{ available: string; frozen: string }> {
  const { rows } = await tx.execute<{ available: string; frozen: string }>(sql`
    SELECT COALESCE(sum(available), 0) AS available, COALESCE(sum(frozen), 0) AS frozen
      FROM ledger_accounts
     WHERE owner_type = 'platform' AND currency = ${currency}
       AND owner_id = ANY(${sql.param(contraOwnerIds(which))}::bigint[])`);
  return { available: rows[0]!.available, frozen: rows[0]!.frozen };
}

export async function findAccount(tx: Executor, owner: Owner): Promise<Account | undefined> {
  const [account] = await findAccountStatement.rows(clientOf(tx), {
    ownerType: owner.ownerType,
    ownerId: owner.ownerId,
    currency: owner.currency ?? 'CNY',
  });
  return account as Account | undefined;
}

/**
 * An owner's balance as a column of a list statement ('0' without an account): read with the page in
 * the same statement, one index lookup per row, instead of a second query per page (issue 9, "Scale").
 */
export function balanceColumn(
  ownerType: OwnerType,
  ownerId: PgColumn,
  currency = 'CNY',
  field: 'available' | 'frozen' = 'available',
): SQL<string> {
  // The owner's column named with its table: a one-table select writes columns bare, and a bare
  // "id" here would be the ledger account's own.
  const owner = sql.raw(`"${getTableName(ownerId.table)}"."${ownerId.name}"`);
  return sql<string>`coalesce((SELECT ${ledgerAccounts[field]} FROM ${ledgerAccounts}
    WHERE ${ledgerAccounts.ownerType} = ${sql.raw(`'${ownerType}'`)} AND ${ledgerAccounts.ownerId} = ${owner}
      AND ${ledgerAccounts.currency} = ${sql.raw(`'${currency.replace(/'/g, "''")}'`)}), 0)`.mapWith(String);
}

/** Balances of many owners of one type at once (list pages), keyed by owner id. */
export async function balancesOf(
  tx: Executor,
  ownerType: OwnerType,
  ownerIds: readonly number[],
  currency = 'CNY',
): Promise<Map<number, { available: string; frozen: string }>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await tx
    .select({
      ownerId: ledgerAccounts.ownerId,
      available: ledgerAccounts.available,
      frozen: ledgerAccounts.frozen,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, ownerType),
        eq(ledgerAccounts.currency, currency),
        sql`${ledgerAccounts.ownerId} = ANY(${sql.param(ownerIds)}::bigint[])`,
      ),
    );
  return new Map(rows.map((r) => [r.ownerId, { available: r.available, frozen: r.frozen }]));
}
