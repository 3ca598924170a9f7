/**
 * Correctness under concurrency: hundreds of deposits matched at once against one pool never take
 * more than any withdrawal holds (asserted per withdrawal), and a randomized soak of deposits,
 * withdrawals, vouchers, confirmations, disputes and timeouts all at once leaves the ledger and the
 * audit chain sound and every pool entry consistent with its matches.
 */
import { findTransferMatchByPage } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../src/modules/match/match.schema.ts';
import { createMatchedDeposit, uploadVoucher } from '../src/modules/match/match-service.ts';
import { expireDueMatches } from '../src/modules/match/match-timeouts.ts';
import { verifyChain } from '../src/platform/audit.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import {
  addMembers,
  type MatchWorld,
  matchWorld,
  PNG,
  pooledWithdrawal,
  signInAgain,
} from './match-support.ts';
import { prng, runSeed } from './seed.ts';

let w: MatchWorld;
const A = Array.from({ length: 20 }, (_, i) => `wm${i}`);
const B = Array.from({ length: 40 }, (_, i) => `dm${i}`);

beforeAll(async () => {
  w = await matchWorld({ maxPieces: 3 });
  await addMembers(w, w.a, A);
  await addMembers(w, w.b, B);
});
afterAll(() => w.t.close());

/** Each pool entry: what its open and confirmed matches hold plus what remains is exactly its amount. */
async function poolIsConsistent() {
  const { rows } = await w.t.ctx.pool.query(`
    SELECT p.withdraw_order_no, p.amount, p.remaining,
           coalesce(sum(m.amount) FILTER (WHERE m.status NOT IN ('timeout', 'cancelled')), 0) AS taken
      FROM match_pool p LEFT JOIN matches m ON m.pool_id = p.id
     GROUP BY p.id`);
  for (const r of rows) {
    expect(Number(r.remaining), r.withdraw_order_no).toBeGreaterThanOrEqual(0);
    expect(Number(r.taken), r.withdraw_order_no).toBeLessThanOrEqual(Number(r.amount));
    expect((Number(r.taken) + Number(r.remaining)).toFixed(2), r.withdraw_order_no).toBe(
      Number(r.amount).toFixed(2),
    );
  }
  return rows.length;
}

let seq = 0;
const deposit = (amount: number) =>
  createMatchedDeposit(
    w.t.ctx,
    {
      merchantId: w.b.id,
      mchOrderNo: `R${++seq}`,
      amount: amount.toFixed(2),
      memberAccount: B[seq % B.length]!,
      clientIp: '',
    },
    'en-US',
  );

const random = prng(runSeed);
const rnd = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));

describe(`matching under concurrency (seed ${runSeed})`, () => {
  it('never matches more than a withdrawal holds, with 300 concurrent deposits', async () => {
    for (const m of A) await pooledWithdrawal(w, m, String(rnd(200, 1000)));
    const results = await Promise.all(Array.from({ length: 300 }, () => deposit(rnd(10, 300))));
    const matched = results.filter((r) => r.pieces.length > 0);
    expect(matched.length).toBeGreaterThan(20);
    // A matched deposit's pieces add up to it exactly; an unmatched one waits with none.
    for (const r of results) {
      const sum = r.pieces.reduce((s, p) => s + Number(p.amount), 0);
      if (r.pieces.length) expect(sum.toFixed(2)).toBe(Number(r.order.amount).toFixed(2));
      expect(r.order.status).toBe(r.pieces.length ? 'pending_payment' : 'created');
    }
    expect(await poolIsConsistent()).toBe(A.length);
  });

  it('a randomized soak of everything at once keeps the ledger, the audit chain and the pool sound', async () => {
    const { ctx } = w.t;
    const open = async (status: string) =>
      (await ctx.pool.query('SELECT * FROM matches WHERE status = $1', [status])).rows;
    const voucherFor = async (id: number) => {
      const [m] = await ctx.db.select().from(matches).where(eq(matches.id, id));
      return uploadVoucher(ctx, m!, PNG.toString('base64'), 'en-US').catch(() => 0);
    };
    const settle = async () => {
      const work: Promise<unknown>[] = [];
      for (const m of await open('matched')) {
        const roll = random();
        if (roll < 0.6) work.push(voucherFor(Number(m.id)));
        else if (roll < 0.7)
          work.push(
            runSystemTransition(ctx, findTransferMatchByPage, 'dispute', Number(m.id), {
              reason: 'soak',
            }).catch(() => 0),
          );
      }
      for (const m of await open('payer_paid')) {
        // Twice each: a receiver's confirmation racing an operator's must settle once.
        work.push(runSystemTransition(ctx, findTransferMatchByPage, 'confirm', Number(m.id)).catch(() => 0));
        work.push(
          runSystemTransition(ctx, findTransferMatchByPage, 'auditConfirm', Number(m.id)).catch(() => 0),
        );
      }
      for (const m of await open('disputed'))
        work.push(
          runSystemTransition(
            ctx,
            findTransferMatchByPage,
            random() < 0.5 ? 'resolveConfirm' : 'resolveCancel',
            Number(m.id),
            {
              reason: 'soak',
            },
          ).catch(() => 0),
        );
      // New deposits and the timeout job must never fail (a deadlock, a broken guard) while all this runs.
      const mustPass: Promise<unknown>[] = Array.from({ length: 40 }, () => deposit(rnd(10, 400)));
      mustPass.push(expireDueMatches(ctx, ctx.clock.now()));
      work.push(pooledWithdrawal(w, A[rnd(0, A.length - 1)]!, String(rnd(100, 800))));
      const outcomes = await Promise.allSettled([...mustPass, ...work]);
      expect(outcomes.slice(0, mustPass.length).filter((o) => o.status === 'rejected')).toEqual([]);
      expect(
        outcomes
          .filter((o) => o.status === 'rejected')
          .map((o) => String((o as PromiseRejectedResult).reason)),
      ).toEqual([]);
    };
    for (let round = 0; round < 5; round++) {
      await settle();
      // Some matches' deadlines pass while others are being confirmed.
      ctx.clock.advance(rnd(5, 20) * 60_000);
      await signInAgain(w);
    }
    await expireDueMatches(ctx, ctx.clock.now());
    await poolIsConsistent();
    const report = await verifyLedger(ctx.db);
    expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
    expect((await verifyChain(ctx.db, 'operation_log')).brokenAt).toBeUndefined();
    // Each confirmed match settled exactly once; nothing else did.
    const { rows } = await ctx.pool.query(`
      SELECT (SELECT count(*) FROM matches WHERE status = 'confirmed')::int AS confirmed,
             (SELECT count(*) FROM ledger_entries WHERE ref_type = 'match')::int AS entries`);
    expect(rows[0].confirmed).toBeGreaterThan(0);
    expect(rows[0].entries).toBe(rows[0].confirmed);
    // A successful matched withdrawal has nothing left in the pool.
    const { rows: done } = await ctx.pool.query(`
      SELECT count(*)::int AS n FROM withdraw_orders w JOIN match_pool p ON p.withdraw_order_id = w.id
       WHERE w.status = 'success' AND p.remaining <> 0`);
    expect(done[0].n).toBe(0);
  });
});
