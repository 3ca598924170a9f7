/**
 * Test helpers of the wallet area: a pool with a rule for wallet members (through the market's
 * routes), the wallet's alipay pay type, withdraw type and ad rule, two wallet members registered through the wallet app's
 * services, the seller's USDT deposited (the ad's amount and its 0.5% withdraw fee), a sell ad, and a taken and paid order ready to dispute.
 */

import { seedExchangeRates } from '../src/modules/mockTrade/exchange-rates.ts';
import { resources } from '../src/modules/sys/schema.ts';
import { addPayAccount, registerWalletMember } from '../src/modules/wallet/wallet-app.service.ts';
import {
  creditWalletDeposit,
  postWalletAd,
  takeWalletAd,
  walletPaid,
} from '../src/modules/wallet/wallet-trade.service.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp, toLocalHour } from './harness.ts';

export type Row = Record<string, unknown>;

export interface WalletWorld {
  t: TestApp;
  admin: Session;
  adId: number;
  seller: number;
  buyer: number;
}

export async function ok<T = Row>(w: { t: TestApp; admin: Session }, path: string, body: unknown) {
  const res = await call<T>(w.t, 'POST', path, {
    session: w.admin,
    body,
    headers: { 'idempotency-key': `k-${Math.random()}` },
  });
  if (res.envelope.code !== 0) throw new Error(`${path}: ${res.body}`);
  return res.envelope.data;
}

/** PNG magic bytes and a little more: a voucher the evidence check accepts. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('wallet-test-voucher'),
]).toString('base64');

/** The market's rule for wallet members in a pool: 1 to 10,000 coins a take, every pay type. */
export function walletMarketRule(w: { t: TestApp; admin: Session }, poolId: number) {
  return ok(w, '/api/trade/rule/add', {
    name: `wallet members of pool ${poolId}`,
    poolId,
    traderType: 'wallet_member',
    minAmount: '1',
    maxAmount: '10000',
    largeAdAmount: '5000',
    payTypes: 'bank_card,alipay,wechat',
    maxOpenOrders: 20,
    requireAdvertiser: false,
    enabled: true,
  });
}

/**
 * `localHour`: the app clock moved first to the next such hour in the platform's zone, so that what the
 * world and its test write falls in one platform day (a file reading the day's sums asks for it).
 */
export async function walletWorld(opts: { localHour?: number } = {}): Promise<WalletWorld> {
  const t = await createTestApp();
  if (opts.localHour !== undefined) toLocalHour(t, opts.localHour);
  await t.ctx.db.update(resources).set({ needsCode: false });
  await seedExchangeRates(t.ctx);
  const admin = await signInAdmin(t);
  const w = { t, admin };
  const pool = await ok<{ id: number }>(w, '/api/trade/pool/add', {
    code: 'W-USDT',
    name: 'Wallet USDT/CNY',
    priceSource: 'rate',
    spread: '0.01',
    feeRate: '0.001',
    enabled: true,
  });
  await walletMarketRule(w, pool.id);
  await ok(w, '/api/wallet/payType/add', {
    payType: 'alipay',
    singleMin: '10',
    singleMax: '50000',
    dailyLimit: '500000',
    sortOrder: 1,
    status: 'on',
  });
  // The seller cashes out by alipay: an open withdraw type and an ad rule for it.
  await ok(w, '/api/wallet/withdrawType/add', {
    payType: 'alipay',
    singleMin: '10',
    singleMax: '50000',
    dailyLimit: '500000',
    feeRate: '0.005',
    sortOrder: 1,
    status: 'on',
  });
  await ok(w, '/api/wallet/sellConfig/add', {
    name: 'alipay sells',
    payType: 'alipay',
    singleMin: '10',
    singleMax: '50000',
    dailyLimit: '500000',
    payMinutes: 15,
    minLevel: 1,
    status: 'on',
  });
  const [seller, buyer] = await t.ctx.db.transaction(async (tx) => {
    const s = await registerWalletMember(t.ctx, tx, { account: 'WS0001', phone: '13700000001' });
    // The seller is paid by alipay and by bank card.
    await addPayAccount(t.ctx, tx, s, { payType: 'alipay', accountNo: '13700000001', holderName: '王强' });
    await addPayAccount(t.ctx, tx, s, {
      payType: 'bank_card',
      accountNo: '6222021370000001',
      holderName: '王强',
      bankName: '工商银行',
    });
    return [s, await registerWalletMember(t.ctx, tx, { account: 'WB0001', phone: '13700000002' })];
  });
  await creditWalletDeposit(t.ctx, seller!.id, '1010', `0xtest${Date.now()}`);
  const ad = await postWalletAd(t.ctx, seller!.id, { poolId: pool.id, side: 'sell', amount: '1000' });
  return { t, admin, adId: ad.id, seller: seller!.id, buyer: buyer!.id };
}

/** A taken and paid order of `amount` USDT, the buyer's voucher uploaded. */
export async function paidOrder(w: WalletWorld, amount: string) {
  const order = await takeWalletAd(w.t.ctx, w.buyer, { adId: w.adId, amount, payType: 'alipay' });
  await walletPaid(w.t.ctx, w.buyer, order.id, PNG);
  return order;
}
