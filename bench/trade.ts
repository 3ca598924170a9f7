/**
 * Issue 15's market budget: trade transitions per second through the market's services (take: the
 * guarded remaining, the order and the seller's freeze; pay; the seller's confirm: the transfer), from
 * 16 concurrent traders for a few seconds, each on its own seller's ad; then the proof that no ad gave
 * more than it offered and every open order's coins are frozen.
 * `node --import tsx bench/trade.ts [--seconds 5]` runs it alone on a small world.
 */
import { sql } from 'drizzle-orm';
import { createMerchant } from '../apps/server/src/modules/mch/merchant.service.ts';
import { members } from '../apps/server/src/modules/member/schema.ts';
import { seedExchangeRates } from '../apps/server/src/modules/mockTrade/exchange-rates.ts';
import {
  confirmOrder,
  createAd,
  markPaid,
  takeAd,
  tradePools,
  tradeRules,
  traderActor,
} from '../apps/server/src/modules/trade/index.ts';
import { ensureAccount, platformAccount, postEntry } from '../apps/server/src/platform/ledger/index.ts';
import { cpuMeter, cpuText, statementReport } from './cpu.ts';
import type { World } from './setup.ts';
import { makeWorld } from './setup.ts';
import { printTable, type Row, WARM_UP_SECONDS } from './stats.ts';

const WORKERS = 16;

/** Answers the transitions done (bench/profile.ts divides its CPU by them). */
export async function tradeThroughput(w: World, rows: Row[], seconds: number): Promise<number> {
  await seedExchangeRates(w.ctx);
  const ids = await w.ctx.db.transaction(async (tx) => {
    const { merchant: m } = await createMerchant(w.ctx, tx, { name: 'bench-trade' }, null);
    const made = await tx
      .insert(members)
      .values(
        Array.from({ length: WORKERS * 2 }, (_, i) => ({
          merchantId: m.id,
          mchNo: m.mchNo,
          account: `btr${i}`,
        })),
      )
      .returning({ id: members.id, account: members.account, merchantId: members.merchantId });
    for (const s of made.slice(0, WORKERS)) {
      const own = await ensureAccount(tx, {
        ownerType: 'member',
        ownerId: s.id,
        ownerCode: s.account,
        merchantId: m.id,
        currency: 'USDT',
      });
      const contra = await platformAccount(tx, 'adjustments', 'USDT', `bench-trade:${s.id}`);
      await postEntry(tx, {
        kind: 'adjust_credit',
        legs: [
          { accountId: own.id, amount: '100000000' },
          { accountId: contra.id, amount: '-100000000' },
        ],
      });
    }
    return made;
  });
  const [pool] = await w.ctx.db
    .insert(tradePools)
    .values({ code: 'BENCH', name: 'bench', spread: '0.005', feeRate: '0.001' })
    .returning();
  await w.ctx.db.insert(tradeRules).values({
    name: 'bench',
    poolId: pool!.id,
    minAmount: '1',
    maxAmount: '100000000',
    largeAdAmount: '100000000',
    maxOpenOrders: 100,
  });
  const trader = (i: number) => ({ ownerType: 'member' as const, ownerId: ids[i]!.id });
  const as = (i: number) => traderActor({ ownerType: 'member', code: ids[i]!.account });
  const ads: Awaited<ReturnType<typeof createAd>>[] = [];
  for (let i = 0; i < WORKERS; i++)
    ads.push(
      await createAd(w.ctx, { trader: trader(i), poolId: pool!.id, side: 'sell', amount: '10000000' }, as(i)),
    );

  /** Every worker takes its ad, pays and confirms, over and over, for `s` seconds. */
  const load = async (s: number) => {
    const until = Date.now() + s * 1000;
    const done = { transitions: 0, failed: 0 };
    await Promise.all(
      ads.map(async (ad, i) => {
        const buyer = WORKERS + i;
        while (Date.now() < until) {
          try {
            const o = await takeAd(
              w.ctx,
              { adId: ad.id, taker: trader(buyer), amount: '10.5', payType: 'bank_card' },
              as(buyer),
            );
            await markPaid(w.ctx, o.id, { by: trader(buyer) }, as(buyer));
            await confirmOrder(w.ctx, o.id, { by: trader(i) }, as(i));
            done.transitions += 3;
          } catch (e) {
            done.failed++;
            process.stderr.write(`refused: ${String((e as Error)?.message ?? e).slice(0, 200)}\n`);
          }
        }
      }),
    );
    return done;
  };
  const warm = await load(WARM_UP_SECONDS);
  await statementReport(w.ctx.pool);
  const meter = cpuMeter(w.dataDir);
  const t0 = Date.now();
  const { transitions, failed: measuredFailed } = await load(seconds);
  const failed = warm.failed + measuredFailed;
  const perSecond = transitions / ((Date.now() - t0) / 1000);
  const cpu = meter(transitions);
  process.stderr.write(`${await statementReport(w.ctx.pool, transitions)}\n`);
  rows.push({
    workload: `trade transitions/s measured (take, pay, confirm), ${WORKERS} concurrent traders after a ${WARM_UP_SECONDS} s warm-up (${failed} failed)`,
    figure: `${Math.round(perSecond)}/s`,
    budget: '≥ 300/s',
    pass: perSecond >= 300 && failed === 0,
  });
  // On a shared machine the rate says how much of it the run got; the CPU per transition of the
  // server process and of PostgreSQL says what two idle cores carry: 2000 ms / (server + pg) ms.
  rows.push({
    workload: `trade transitions/s expected on 2 idle cores (${cpuText(cpu)})`,
    figure: `${Math.round(cpu.capacity)}/s`,
    budget: '≥ 300/s',
    pass: cpu.capacity >= 300 && failed === 0,
  });
  const { rows: over } = await w.ctx.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM trade_ads d
     WHERE d.remaining < 0 OR d.remaining + (SELECT coalesce(sum(amount), 0) FROM trade_orders o
       WHERE o.ad_id = d.id AND o.status NOT IN ('cancelled', 'timeout')) <> d.amount`);
  rows.push({
    workload: 'trade ads taken beyond their amount',
    figure: String(over[0]!.n),
    budget: '0',
    pass: over[0]!.n === 0,
  });
  return transitions;
}

if (process.argv[1]?.endsWith('trade.ts')) {
  const i = process.argv.indexOf('--seconds');
  const seconds = i > 0 ? Number(process.argv[i + 1]) : 5;
  const world = await makeWorld(1000);
  const rows: Row[] = [];
  try {
    await tradeThroughput(world, rows, seconds);
  } finally {
    await world.close();
  }
  printTable(rows, 'trade only');
  process.exit(0);
}
