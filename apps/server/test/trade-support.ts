/**
 * Test helpers of the trade market: a merchant with members, a pool (rate-priced, 0.1 % fee) with a
 * rule for every merchant's members, and coins credited to a member through the ledger (the test's
 * own funding; the console's path is the coin adjustment with maker-checker).
 */
import { sql } from 'drizzle-orm';
import { members } from '../src/modules/member/schema.ts';
import { seedExchangeRates } from '../src/modules/mockTrade/exchange-rates.ts';
import { resources } from '../src/modules/sys/schema.ts';
import { traderActor } from '../src/modules/trade/index.ts';
import { ensureAccount, findAccount, platformAccount, postEntry } from '../src/platform/ledger/index.ts';
import type { Actor } from '../src/platform/transitions/index.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp, toLocalHour } from './harness.ts';
import { makeMerchant, type TestMerchant } from './openapi-client.ts';

export interface TradeWorld {
  t: TestApp;
  admin: Session;
  m: TestMerchant;
  poolId: number;
  /** Member ids by account. */
  ids: Record<string, number>;
}

export type Row = Record<string, unknown>;

export async function ok<T = Row>(w: TradeWorld, path: string, body: unknown, session?: Session) {
  const res = await call<T>(w.t, 'POST', path, {
    session: session ?? w.admin,
    body,
    headers: { 'idempotency-key': `k-${Math.random()}` },
  });
  if (res.envelope.code !== 0) throw new Error(`${path}: ${res.body}`);
  return res.envelope.data;
}

/**
 * `localHour`: the app clock moved first to the next such hour in the platform's zone, so that what the
 * world and its test write falls in one platform day (a file reading the day's sums or counts asks for it).
 */
export async function tradeWorld(
  accounts: string[],
  rule: Row = {},
  opts: { localHour?: number } = {},
): Promise<TradeWorld> {
  const t = await createTestApp();
  if (opts.localHour !== undefined) toLocalHour(t, opts.localHour);
  await t.ctx.db.update(resources).set({ needsCode: false });
  await seedExchangeRates(t.ctx);
  const admin = await signInAdmin(t);
  const m = await makeMerchant(t);
  const rows = await t.ctx.db
    .insert(members)
    .values(
      accounts.map((account) => ({ merchantId: m.id, mchNo: m.mchNo, account, realName: `Name ${account}` })),
    )
    .returning({ id: members.id, account: members.account });
  const w: TradeWorld = {
    t,
    admin,
    m,
    poolId: 0,
    ids: Object.fromEntries(rows.map((r) => [r.account, r.id])),
  };
  const pool = await ok<{ id: number }>(w, '/api/trade/pool/add', {
    code: 'USDT-CNY',
    name: 'USDT/CNY',
    priceSource: 'rate',
    spread: '0.01',
    feeRate: '0.001',
    enabled: true,
  });
  w.poolId = pool.id;
  await ok(w, '/api/trade/rule/add', {
    name: 'members',
    poolId: pool.id,
    traderType: 'member',
    minAmount: '1',
    maxAmount: '10000',
    largeAdAmount: '5000',
    payTypes: 'bank_card,alipay,wechat',
    maxOpenOrders: 5,
    requireAdvertiser: false,
    enabled: true,
    ...rule,
  });
  return w;
}

export const ref = (w: TradeWorld, account: string) => ({
  ownerType: 'member' as const,
  ownerId: w.ids[account]!,
});
export const actorOf = (account: string): Actor => traderActor({ ownerType: 'member', code: account });

/** Coins credited to a member (the test's funding). */
export async function fund(w: TradeWorld, account: string, amount: string) {
  await w.t.ctx.db.transaction(async (tx) => {
    const own = await ensureAccount(tx, {
      ownerType: 'member',
      ownerId: w.ids[account]!,
      ownerCode: account,
      merchantId: w.m.id,
      currency: 'USDT',
    });
    const contra = await platformAccount(tx, 'adjustments', 'USDT', `fund:${account}`);
    await postEntry(tx, {
      kind: 'adjust_credit',
      legs: [
        { accountId: own.id, amount },
        { accountId: contra.id, amount: `-${amount}` },
      ],
    });
  });
}

export async function coins(w: TradeWorld, account: string) {
  const a = await findAccount(w.t.ctx.db, {
    ownerType: 'member',
    ownerId: w.ids[account]!,
    currency: 'USDT',
  });
  return { available: Number(a?.available ?? 0), frozen: Number(a?.frozen ?? 0) };
}

export async function adRow(w: TradeWorld, id: number) {
  const { rows } = await w.t.ctx.pool.query(
    'SELECT status, remaining::float8 AS remaining FROM trade_ads WHERE id = $1',
    [id],
  );
  return rows[0] as { status: string; remaining: number };
}

export async function orderStatus(w: TradeWorld, id: number) {
  const { rows } = await w.t.ctx.pool.query('SELECT status FROM trade_orders WHERE id = $1', [id]);
  return rows[0]?.status as string;
}

export { sql };
