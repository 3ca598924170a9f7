/**
 * The wallet app's trading calls, on the market's services (no second market): a USDT deposit credited
 * when the wallet's chain watcher sees it, posting an ad (shaped by the wallet's ad and split rules),
 * taking one (the wallet's pay or withdraw type and its limits checked in the take's transaction: a
 * refused take leaves nothing), and marking paid.
 */
import type { Locale, TradePayType } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { ensureAccount, platformAccount, postEntry } from '../../platform/ledger/index.ts';
import { createAd, markPaid, takeAd, traderActor } from '../trade/index.ts';
import { walletMembers } from './wallet.schema.ts';
import { type WalletAdInput, walletAdTerms } from './wallet-ad-terms.ts';
// The wallet's resolver and its take check are registered there (the market asks them by owner type).
import './wallet-trader.ts';

export const WALLET_COIN = 'USDT';
const ref = (memberId: number) => ({ ownerType: 'wallet_member' as const, ownerId: memberId });

async function member(ctx: AppContext, id: number, locale: Locale) {
  const [m] = await ctx.db.select().from(walletMembers).where(eq(walletMembers.id, id));
  if (!m) throw fieldError('memberId', locale === 'en-US' ? 'no such wallet member' : '钱包会员不存在');
  return m;
}

export const walletActor = async (ctx: AppContext, id: number, locale: Locale = 'zh-CN') =>
  traderActor({ ownerType: 'wallet_member', code: (await member(ctx, id, locale)).account }, locale);

/** A confirmed on-chain USDT deposit to the member's wallet address (one credit per transaction hash). */
export async function creditWalletDeposit(ctx: AppContext, memberId: number, amount: string, txHash: string) {
  const m = await member(ctx, memberId, 'zh-CN');
  await ctx.db.transaction(async (tx) => {
    const own = await ensureAccount(tx, {
      ownerType: 'wallet_member',
      ownerId: m.id,
      ownerCode: m.account,
      currency: WALLET_COIN,
    });
    const outside = await platformAccount(tx, 'settlement', WALLET_COIN, txHash);
    await postEntry(tx, {
      kind: 'deposit',
      refType: 'wallet_deposit',
      refId: txHash,
      at: ctx.clock.now(),
      legs: [
        { accountId: own.id, amount },
        { accountId: outside.id, amount: `-${amount}` },
      ],
    });
  });
}

/** Posts a member's ad as the wallet's ad rules, split rules and types shape it (wallet-ad-terms.ts). */
export async function postWalletAd(
  ctx: AppContext,
  memberId: number,
  ad: WalletAdInput,
  locale: Locale = 'zh-CN',
) {
  const m = await member(ctx, memberId, locale);
  const actor = await walletActor(ctx, memberId, locale);
  return ctx.db.transaction(async (tx) =>
    createAd(ctx, await walletAdTerms(ctx, tx, m, ad, locale), actor, tx),
  );
}

/** A member takes an ad: the wallet's pay or withdraw type of the member's role is checked in the take (wallet-trader.ts). */
export async function takeWalletAd(
  ctx: AppContext,
  memberId: number,
  take: { adId: number; amount: string; payType: TradePayType },
  locale: Locale = 'zh-CN',
) {
  const actor = await walletActor(ctx, memberId, locale);
  return takeAd(ctx, { ...take, taker: ref(memberId) }, actor);
}

export async function walletPaid(ctx: AppContext, memberId: number, orderId: number, voucher?: string) {
  return markPaid(
    ctx,
    orderId,
    { by: ref(memberId), ...(voucher ? { voucher } : {}) },
    await walletActor(ctx, memberId),
  );
}
