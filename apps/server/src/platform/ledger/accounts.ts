/** Ledger accounts: found or opened per owner and currency, and the platform's contra accounts. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerAccounts, type OwnerType } from './schema.ts';

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
} as const;

export const POINTS_CURRENCY = 'PTS';

/** The account of an owner in a currency, opened on first use (two callers racing get the same row). */
export async function ensureAccount(tx: Executor, owner: Owner, allowNegative = false): Promise<Account> {
  const currency = owner.currency ?? 'CNY';
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

export function platformAccount(tx: Executor, which: keyof typeof PLATFORM, currency = 'CNY') {
  return ensureAccount(
    tx,
    { ownerType: 'platform', ownerId: PLATFORM[which], ownerCode: which, currency },
    true,
  );
}

export async function findAccount(tx: Executor, owner: Owner): Promise<Account | undefined> {
  const [account] = await tx
    .select()
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, owner.ownerType),
        eq(ledgerAccounts.ownerId, owner.ownerId),
        eq(ledgerAccounts.currency, owner.currency ?? 'CNY'),
      ),
    );
  return account;
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
