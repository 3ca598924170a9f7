/**
 * The demo's wallet email step (after the wallet day): a sandbox bank mailbox of the wallet's scope;
 * a wallet buyer takes a seller's sell ad paying by bank card, and the sandbox bank notifies the
 * transfer (the order's amount, the seller's card tail, the buyer's name) to that mailbox, with one
 * transfer no wallet order waits for; the poller then reads the mailbox over IMAP, so the wallet's
 * email orders come out matched (the trade order marked paid through its transition) and unmatched.
 */
import { eq, inArray } from 'drizzle-orm';
import { type PollReport, pollMailbox } from '../modules/email/poller.ts';
import { addSandboxMailbox, sendBankNotification } from '../modules/email/sandbox/bank.ts';
import { tradePools, tradeRules } from '../modules/trade/index.ts';
import { walletMembers, walletPayAccounts } from '../modules/wallet/wallet.schema.ts';
import { postWalletAd, takeWalletAd } from '../modules/wallet/wallet-trade.service.ts';
import type { AppContext } from '../platform/context.ts';

export const WALLET_MAILBOX_USER = 'demo-wallet-icbc';

export async function runWalletEmailDay(ctx: AppContext): Promise<PollReport | null> {
  if (!ctx.config.sandbox) return null;
  const mb = await addSandboxMailbox(ctx, {
    name: '钱包 ICBC 收款通知邮箱',
    bank: 'ICBC',
    user: WALLET_MAILBOX_USER,
    scope: 'wallet',
  });
  // The wallet day's seller and a buyer (their accounts, pay cards and KYC names).
  const people = await ctx.db
    .select()
    .from(walletMembers)
    .where(inArray(walletMembers.account, ['W88010001', 'W88010002']));
  const seller = people.find((p) => p.account === 'W88010001');
  const buyer = people.find((p) => p.account === 'W88010002');
  const [rule] = await ctx.db.select().from(tradeRules).where(eq(tradeRules.traderType, 'wallet_member'));
  if (!mb || !seller || !buyer || !rule) return null;
  const [pool] = await ctx.db.select().from(tradePools).where(eq(tradePools.id, rule.poolId));
  const [card] = await ctx.db
    .select()
    .from(walletPayAccounts)
    .where(eq(walletPayAccounts.walletMemberId, seller.id));
  if (!pool || !card) return null;
  const ad = await postWalletAd(ctx, seller.id, { poolId: pool.id, side: 'sell', amount: '60' });
  const order = await takeWalletAd(ctx, buyer.id, { adId: ad.id, amount: '30', payType: 'bank_card' });
  const now = ctx.clock.now();
  await sendBankNotification(ctx, WALLET_MAILBOX_USER, 'ICBC', {
    amount: order.fiatAmount,
    accountTail: card.accountNo.slice(-4),
    payerName: buyer.realName,
    paidAt: now,
  });
  await sendBankNotification(ctx, WALLET_MAILBOX_USER, 'ICBC', {
    amount: '88.00',
    accountTail: '0000',
    payerName: '王芳',
    paidAt: now,
  });
  const report: PollReport = { mailboxes: 0, read: 0, stored: 0, duplicates: 0, failed: 0 };
  await pollMailbox(ctx, mb, report);
  return report;
}

export const describeWalletEmailDay = (r: PollReport) =>
  `wallet email orders: ${r.mailboxes} mailbox, ${r.stored} stored of ${r.read} read`;
