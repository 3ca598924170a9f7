/**
 * The demo day's wallet area. Configuration is set up as an operator would (pay and withdraw types,
 * ad rules, splits, IM quick replies; a market pool and rule for wallet members when none exists);
 * everything else goes through the wallet app's services and the market's: members register, pass
 * KYC, add pay accounts and fixed codes, receive a USDT deposit, post a sell ad (the ad and split
 * rules give it its pay types, take bounds and payment window); buyers take it, pay
 * with a voucher; one order completes, three are disputed with evidence (one seller answers, one is
 * ruled on by the administrator, one stays open for the queue), and the SLA job runs.
 */

import { disputeOrderPage } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import { confirmOrder, tradePools, tradeRules } from '../modules/trade/index.ts';
import {
  markOverdue,
  type Opener,
  openWalletDispute,
  sellerAnswers,
} from '../modules/wallet/dispute.service.ts';
import {
  addFixedCode,
  addPayAccount,
  registerWalletMember,
  submitKyc,
} from '../modules/wallet/wallet-app.service.ts';
import {
  walletImReplies,
  walletPayTypes,
  walletSellRules,
  walletSellSplits,
  walletWithdrawTypes,
} from '../modules/wallet/wallet-config.schema.ts';
import {
  creditWalletDeposit,
  postWalletAd,
  takeWalletAd,
  walletActor,
  walletPaid,
} from '../modules/wallet/wallet-trade.service.ts';
import type { AppContext } from '../platform/context.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';

const OPERATOR: Actor = { operatorId: 1, username: 'admin', locale: 'zh-CN' };
/** A tiny PNG header: the buyer's payment screenshot. */
const VOUCHER = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('demo'),
]);

export interface WalletDayReport {
  members: number;
  orders: number;
  disputes: number;
  resolved: number;
}

const LIMITS = { singleMin: '10', singleMax: '50000', dailyLimit: '500000' };

async function configure(ctx: AppContext): Promise<number> {
  const db = ctx.db;
  await db
    .insert(walletPayTypes)
    .values(
      (['alipay', 'bank_card', 'wechat'] as const).map((payType, i) => ({
        payType,
        ...LIMITS,
        sortOrder: i,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(walletWithdrawTypes)
    .values([
      { payType: 'bank_card', ...LIMITS, feeRate: '0.005', sortOrder: 0 },
      { payType: 'alipay', ...LIMITS, feeRate: '0.008', sortOrder: 1 },
      { payType: 'wechat', ...LIMITS, feeRate: '0.008', sortOrder: 2, status: 'off' },
    ])
    .onConflictDoNothing();
  await db.insert(walletSellRules).values([
    { name: '支付宝卖单', payType: 'alipay', ...LIMITS, payMinutes: 15, minLevel: 1 },
    {
      name: '银行卡大额卖单',
      payType: 'bank_card',
      singleMin: '1000',
      singleMax: '200000',
      dailyLimit: '1000000',
      payMinutes: 30,
      minLevel: 2,
    },
    {
      name: '银行卡卖单',
      payType: 'bank_card',
      singleMin: '100',
      singleMax: '20000',
      dailyLimit: '200000',
      payMinutes: 20,
      minLevel: 1,
    },
  ]);
  await db
    .insert(walletSellSplits)
    .values([{ fromAmount: '5000', toAmount: '50000', pieceMin: '500', pieceMax: '5000', maxPieces: 30 }]);
  await db.insert(walletImReplies).values([
    { side: 'buy', language: 'zh-CN', content: '您好，我已付款，请查收', sortOrder: 1 },
    { side: 'buy', language: 'en-US', content: 'Hello, I have paid, please check', sortOrder: 1 },
    { side: 'sell', language: 'zh-CN', content: '已收到款项，马上放币', sortOrder: 1 },
    { side: 'sell', language: 'en-US', content: 'Payment received, releasing now', sortOrder: 1 },
  ]);
  const [existing] = await db
    .select()
    .from(tradeRules)
    .where(and(eq(tradeRules.traderType, 'wallet_member'), eq(tradeRules.enabled, true)));
  if (existing) return existing.poolId;
  const [pool] = await db
    .insert(tradePools)
    .values({
      code: 'WALLET-USDT',
      name: '钱包 USDT/CNY',
      priceSource: 'fixed',
      fixedPrice: '7.20',
      feeRate: '0.001',
    })
    .onConflictDoNothing()
    .returning();
  const poolId =
    pool?.id ?? (await db.select().from(tradePools).where(eq(tradePools.code, 'WALLET-USDT')))[0]!.id;
  await db.insert(tradeRules).values({
    name: '钱包会员',
    poolId,
    traderType: 'wallet_member',
    minAmount: '1',
    maxAmount: '10000',
    largeAdAmount: '5000',
    maxOpenOrders: 20,
  });
  return poolId;
}

export async function runWalletDay(ctx: AppContext): Promise<WalletDayReport> {
  const poolId = await configure(ctx);
  const people = [
    ['W88010001', '13800000101', '陈静', '110101198803071234'],
    ['W88010002', '13800000102', '刘洋', '310101199205126789'],
    ['W88010003', '13800000103', '赵磊', '44010119900101123X'],
    ['W88010004', '13800000104', 'Emma Li', 'not-an-id'],
  ] as const;
  const ids: number[] = [];
  for (const [i, [account, phone, name, idNo]] of people.entries()) {
    const m = await ctx.db.transaction(async (tx) => {
      const row = await registerWalletMember(ctx, tx, {
        account,
        phone,
        language: i === 3 ? 'en-US' : 'zh-CN',
      });
      await addPayAccount(ctx, tx, row, { payType: 'alipay', accountNo: `${phone}`, holderName: name });
      await addPayAccount(ctx, tx, row, {
        payType: 'bank_card',
        accountNo: `62220212${phone}`,
        holderName: name,
        bankName: '工商银行',
      });
      await addFixedCode(ctx, tx, row, 'alipay', `https://qr.alipay.example/${account}`);
      return submitKyc(ctx, tx, row.id, name, idNo);
    });
    ids.push(m.id);
  }
  const [seller, ...buyers] = ids as [number, ...number[]];
  await creditWalletDeposit(ctx, seller, '2000', `0xwalletdemo${seller}`);
  const ad = await postWalletAd(ctx, seller, { poolId, side: 'sell', amount: '1500' });
  const orders = [];
  for (const [i, amount] of ['70', '80', '100', '120'].entries()) {
    const buyer = buyers[i % buyers.length]!;
    const o = await takeWalletAd(ctx, buyer, { adId: ad.id, amount, payType: 'alipay' });
    await walletPaid(ctx, buyer, o.id, VOUCHER.toString('base64'));
    orders.push({ o, buyer });
  }
  const sellerRef = { by: { ownerType: 'wallet_member' as const, ownerId: seller } };
  await confirmOrder(ctx, orders[0]!.o.id, sellerRef, await walletActor(ctx, seller));
  let disputes = 0;
  let resolved = 0;
  for (const [i, { o, buyer }] of orders.slice(1).entries()) {
    const by: Opener = i === 2 ? 'seller' : 'buyer';
    const d = await openWalletDispute(
      ctx,
      {
        orderId: o.id,
        by,
        memberId: by === 'buyer' ? buyer : seller,
        reason: by === 'buyer' ? '已付款，卖家未放币' : '未收到买家付款',
        evidence: [
          { kind: 'voucher', content: VOUCHER.toString('base64') },
          { kind: 'chat', content: Buffer.from('买家: 已付款\n卖家: 还没到账').toString('base64') },
        ],
      },
      by === 'buyer' ? await walletActor(ctx, buyer) : await walletActor(ctx, seller),
    );
    disputes++;
    if (i === 0) await sellerAnswers(ctx, d.id, [], await walletActor(ctx, seller));
    if (i === 1) {
      await runSystemTransition(ctx, disputeOrderPage, 'returnToSeller', d.id, {
        actor: OPERATOR,
        reason: '买家凭证不实',
      });
      resolved++;
    }
  }
  await markOverdue(ctx);
  return { members: ids.length, orders: orders.length, disputes, resolved };
}

export const describeWalletDay = (r: WalletDayReport) =>
  `wallet: ${r.members} members, ${r.orders} trade orders, ${r.disputes} disputes (${r.resolved} resolved)`;
