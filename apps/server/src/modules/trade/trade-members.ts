/**
 * The trading members: a trader's row is made at its first activity (an ad, a take, an application;
 * in that step's transaction), and the members page reads its coins, ads and orders with the page in
 * one statement (indexed subqueries). A coin credit (requestCredit, then approveCredit by another
 * operator) is one ledger entry from the platform's adjustment account, event `credit:<seq>`.
 */
import { tradeMemberList } from '@payops/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import {
  LedgerError,
  ledgerAppError,
  platformAccount,
  postEntry,
  type Tx,
} from '../../platform/ledger/index.ts';
import { type Actor, runSystemTransition, type TransitionHooks } from '../../platform/transitions/index.ts';
import { type TradeTrader, tradeTraders } from './trade.schema.ts';
import { coinAmount, reasonOf } from './trade-common.ts';
import { activeTrader, coinAccount, type Trader, type TraderRef } from './traders.ts';

export async function ensureTrader(tx: Tx, t: Trader, now: Date): Promise<void> {
  await tx
    .insert(tradeTraders)
    .values({
      ownerType: t.ownerType,
      ownerId: t.ownerId,
      ownerCode: t.code,
      merchantId: t.merchantId,
      createdAt: now,
    })
    .onConflictDoNothing();
}

const party = (side: 'buyer' | 'seller', states: string) =>
  sql.raw(`(SELECT count(*) FROM trade_orders o WHERE o.${side}_type = trade_traders.owner_type
     AND o.${side}_id = trade_traders.owner_id AND o.status IN (${states}))`);
const OPEN = `'matched', 'paid', 'disputed'`;
const coinsOf = (field: 'available' | 'frozen') =>
  sql<string>`coalesce((SELECT ${sql.raw(field)} FROM ledger_accounts a WHERE a.owner_type = trade_traders.owner_type
     AND a.owner_id = trade_traders.owner_id AND a.currency = 'USDT'), 0)`.mapWith(String);

/** The page's virtual fields, computed in its own statement. */
export const traderColumns = {
  coins: coinsOf('available'),
  frozenCoins: coinsOf('frozen'),
  openAds: sql<number>`(SELECT count(*) FROM trade_ads d WHERE d.owner_type = trade_traders.owner_type
     AND d.owner_id = trade_traders.owner_id AND d.status = 'open')`.mapWith(Number),
  openOrders: sql<number>`(${party('buyer', OPEN)} + ${party('seller', OPEN)})`.mapWith(Number),
  completedOrders:
    sql<number>`(${party('buyer', `'completed'`)} + ${party('seller', `'completed'`)})`.mapWith(Number),
  largeAdLimit: sql<string>`coalesce((SELECT max(p.amount) FROM trade_applications p
     WHERE p.owner_type = trade_traders.owner_type AND p.owner_id = trade_traders.owner_id
       AND p.kind = 'large_ad' AND p.status = 'approved'), 0)`.mapWith(String),
};

export function creditHooks(_ctx: AppContext): Record<string, TransitionHooks<unknown>> {
  return {
    requestCredit: {
      set: ({ before, body, actor }) => ({
        adjustAmount: body.amount ?? null,
        adjustReason: body.reason ?? null,
        adjustBy: actor.operatorId,
        adjustSeq: Number(before.adjustSeq) + 1,
      }),
    },
    approveCredit: {
      set: () => ({ adjustAmount: null, adjustReason: null, adjustBy: null }),
      effect: async ({ tx, before, actor, now }) => {
        const t = before as unknown as TradeTrader;
        const amount = t.adjustAmount!;
        const own = await coinAccount(
          tx,
          { ownerType: t.ownerType, ownerId: t.ownerId, code: t.ownerCode, merchantId: t.merchantId },
          'USDT',
        );
        const ref = `trade_trader:${t.id}`;
        const contra = await platformAccount(tx, 'adjustments', 'USDT', ref);
        try {
          const { entryId } = await postEntry(tx, {
            kind: 'adjust_credit',
            event: `credit:${t.adjustSeq}`,
            refType: 'trade_trader',
            refId: String(t.id),
            operatorId: actor.operatorId,
            note: t.adjustReason ?? '',
            at: now,
            legs: [
              { accountId: own.id, amount },
              { accountId: contra.id, amount: `-${amount}` },
            ],
          });
          return { extra: { entryId, amount } };
        } catch (e) {
          if (e instanceof LedgerError) throw ledgerAppError(e, actor.locale, 'id');
          throw e;
        }
      },
    },
    rejectCredit: { set: () => ({ adjustAmount: null, adjustReason: null, adjustBy: null }) },
  };
}

/**
 * A coin credit requested by a caller that is not an operator's form (the simulator's sandbox funding,
 * an OTC desk purchase): pending until an operator other than `actor` approves it on the members page.
 */
export async function requestCoinCredit(
  ctx: AppContext,
  input: { trader: TraderRef; amount: string; reason: string },
  actor: Actor,
): Promise<number> {
  const locale = actor.locale;
  const amount = coinAmount(input.amount, 'USDT', 'amount', locale);
  const reason = reasonOf(input.reason, locale);
  const t = await activeTrader(ctx.db, input.trader, locale, 'trader');
  const id = await ctx.db.transaction(async (tx) => {
    await ensureTrader(tx, t, ctx.clock.now());
    const [row] = await tx
      .select({ id: tradeTraders.id })
      .from(tradeTraders)
      .where(and(eq(tradeTraders.ownerType, t.ownerType), eq(tradeTraders.ownerId, t.ownerId)));
    return row!.id;
  });
  await runSystemTransition(ctx, tradeMemberList, 'requestCredit', id, {
    actor,
    reason,
    values: { adjustAmount: amount, adjustReason: reason, adjustBy: actor.operatorId },
  });
  return id;
}
