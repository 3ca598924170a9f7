/**
 * The birth of USDT orders, each in one transaction: the rate of the day fixed on the order (deposits
 * at SELL, withdrawals at BUY: exchange-rates.ts RATE_SIDE), the merchant's fee fixed from its rate,
 * a deposit's address taken from the pool (`assign`), a withdrawal's CNY amount + fee frozen
 * (`review` puts it in the queue). A repeated merchant order number answers the existing order.
 */
import { orderDepositListUSDT, orderTransferListUSDT, type UsdtNetwork } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { Dec, dec, decString, type Executor, type Tx } from '../../platform/ledger/index.ts';
import { getSetting } from '../../platform/settings.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { merchants } from '../mch/schema.ts';
import { currentRate, RATE_SIDE } from '../mockTrade/exchange-rates.ts';
import { feeOf, freezeWithdrawal, merchantRate, newOrderNo } from '../order/create.ts';
import { enforce } from '../risk/check.ts';
import {
  type UsdtDepositOrder,
  type UsdtWithdrawOrder,
  usdtDepositOrders,
  usdtWithdrawOrders,
} from './chain.schema.ts';
import { takeAddress } from './pool.ts';
import { Said } from './text.ts';

/** Decimals a USDT transfer carries on TRON and Ethereum alike. */
export const CHAIN_DECIMALS = 6;

/** The fee rate of USDT orders: a per-pay-type rate `usdt` when the merchant has one, else the direction's. */
const USDT_PAY_TYPE = 'usdt';

async function merchantOf(tx: Tx, id: number) {
  const [m] = await tx.select().from(merchants).where(eq(merchants.id, id));
  return m!;
}

/** The order a repeated merchant order number names (the insert found it there). */
async function existing<T extends typeof usdtDepositOrders | typeof usdtWithdrawOrders>(
  tx: Tx,
  table: T,
  merchantId: number,
  mchOrderNo: string,
): Promise<T['$inferSelect']> {
  const [o] = await tx
    .select()
    .from(table as typeof usdtDepositOrders)
    .where(and(eq(table.merchantId, merchantId), eq(table.mchOrderNo, mchOrderNo)));
  return o as T['$inferSelect'];
}

async function rateOf(tx: Executor, side: 'deposit' | 'withdraw'): Promise<string> {
  const rate = await currentRate(tx, 'USDT', 'CNY', RATE_SIDE[side]);
  if (!rate) throw new Said('network', 'noRate');
  return rate;
}

export interface UsdtDepositInput {
  merchantId: number;
  mchOrderNo: string;
  amount: string;
  network: UsdtNetwork;
  memberAccount?: string;
  notifyUrl?: string;
  clientIp?: string;
}

/** USDT due for a CNY amount at a rate: rounded up to the chain's decimals (never short of the amount). */
export function usdtFor(amount: string, rate: string): string {
  return decString(dec(amount).div(dec(rate)).round(CHAIN_DECIMALS, Dec.roundUp));
}

export async function createUsdtDeposit(
  ctx: AppContext,
  input: UsdtDepositInput,
): Promise<{ order: UsdtDepositOrder; created: boolean }> {
  const minutes = await getSetting(ctx, 'orderTimeoutMinutes');
  return ctx.db.transaction(async (tx) => {
    // The deposit lists, freezes, the member's state and credit level, as for a CNY deposit, in this
    // transaction: a block throws RiskBlocked, and the day's sums stay locked until this order is in them.
    await enforce(ctx, tx, {
      direction: 'deposit',
      family: 'usdt',
      merchantId: input.merchantId,
      memberAccount: input.memberAccount,
      ip: input.clientIp,
      depositAmount: input.amount,
    });
    const now = ctx.clock.now();
    const m = await merchantOf(tx, input.merchantId);
    const rate = await rateOf(tx, 'deposit');
    const orderNo = newOrderNo('D', now).replace(/^D/, 'UD');
    const [order] = await tx
      .insert(usdtDepositOrders)
      .values({
        orderNo,
        mchOrderNo: input.mchOrderNo,
        merchantId: m.id,
        mchNo: m.mchNo,
        memberAccount: input.memberAccount ?? '',
        amount: input.amount,
        fee: feeOf(input.amount, merchantRate(m, USDT_PAY_TYPE, 'deposit')),
        network: input.network,
        rate,
        usdtAmount: usdtFor(input.amount, rate),
        notifyUrl: input.notifyUrl ?? m.notifyUrl,
        clientIp: input.clientIp ?? '',
        expiresAt: new Date(now.getTime() + (m.depositTimeout ?? minutes) * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [usdtDepositOrders.merchantId, usdtDepositOrders.mchOrderNo] })
      .returning();
    if (!order)
      return { order: await existing(tx, usdtDepositOrders, m.id, input.mchOrderNo), created: false };
    const address = await takeAddress(tx, input.network, orderNo, now);
    // Thrown: the transaction writes nothing, the merchant is told to retry later.
    if (!address) throw new Said('network', 'noAddress');
    const { after } = await runSystemTransition(ctx, orderDepositListUSDT, 'assign', order.id, {
      tx,
      values: { address },
    });
    return { order: after as unknown as UsdtDepositOrder, created: true };
  });
}

/** A USDT withdrawal's CNY value: the BUY rate fixed now, and the amount at it. */
export interface UsdtWithdrawValue {
  rate: string;
  amount: string;
}

/**
 * What `usdtAmount` is worth in CNY at the BUY rate now, to 2 decimals, cut (the platform never
 * freezes more than the coins are worth at the rate): the merchant's limits and the pay parameters
 * are checked on it, and the order is written with exactly it.
 */
export async function usdtWithdrawValue(db: Executor, usdtAmount: string): Promise<UsdtWithdrawValue> {
  const rate = await rateOf(db, 'withdraw');
  const amount = decString(dec(usdtAmount).times(dec(rate)).round(2, Dec.roundDown));
  if (dec(amount).lte(dec('0'))) throw new Said('usdtAmount', 'tooSmall');
  return { rate, amount };
}

export interface UsdtWithdrawInput {
  merchantId: number;
  mchOrderNo: string;
  usdtAmount: string;
  /** usdtWithdrawValue's answer for `usdtAmount`. */
  value: UsdtWithdrawValue;
  network: UsdtNetwork;
  address: string;
  memberAccount?: string;
  notifyUrl?: string;
  clientIp?: string;
}

/** Throws LedgerError `insufficient` when amount + fee exceed the available balance (nothing written). */
export async function createUsdtWithdrawal(
  ctx: AppContext,
  input: UsdtWithdrawInput,
): Promise<{ order: UsdtWithdrawOrder; created: boolean }> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const m = await merchantOf(tx, input.merchantId);
    const { rate, amount } = input.value;
    const fee = feeOf(amount, merchantRate(m, USDT_PAY_TYPE, 'withdraw'));
    const orderNo = newOrderNo('W', now).replace(/^W/, 'UW');
    const [order] = await tx
      .insert(usdtWithdrawOrders)
      .values({
        orderNo,
        mchOrderNo: input.mchOrderNo,
        merchantId: m.id,
        mchNo: m.mchNo,
        memberAccount: input.memberAccount ?? '',
        amount,
        fee,
        network: input.network,
        address: input.address,
        usdtAmount: input.usdtAmount,
        rate,
        notifyUrl: input.notifyUrl ?? m.notifyUrl,
        clientIp: input.clientIp ?? '',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [usdtWithdrawOrders.merchantId, usdtWithdrawOrders.mchOrderNo] })
      .returning();
    if (!order)
      return { order: await existing(tx, usdtWithdrawOrders, m.id, input.mchOrderNo), created: false };
    const entryId = await freezeWithdrawal(tx, m, 'usdt_withdraw_order', order, null, now);
    await tx
      .update(usdtWithdrawOrders)
      .set({ freezeEntryId: entryId })
      .where(eq(usdtWithdrawOrders.id, order.id));
    const { after } = await runSystemTransition(ctx, orderTransferListUSDT, 'review', order.id, { tx });
    return { order: after as unknown as UsdtWithdrawOrder, created: true };
  });
}
