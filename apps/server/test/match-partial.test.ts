/**
 * A matched deposit split across two withdrawals whose payer paid one piece and let the other time
 * out: the deposit succeeds for the confirmed piece (its amount and fee are what the ledger credited),
 * so the merchant's callback, the API's answer and the reports say what was paid; its history says why.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { expireDueMatches } from '../src/modules/match/match-timeouts.ts';
import { statusHistory } from '../src/platform/transitions/schema.ts';
import {
  addMembers,
  type MatchWorld,
  matchedDeposit,
  matchWorld,
  merchantBalance,
  pooledWithdrawal,
  receiverConfirms,
  rowOf,
  signInAgain,
  voucher,
} from './match-support.ts';

let w: MatchWorld;

beforeAll(async () => {
  w = await matchWorld();
  await addMembers(w, w.a, ['wa1', 'wa2']);
  await addMembers(w, w.b, ['pb1']);
});
afterAll(() => w.t.close());

it('a partly paid matched deposit succeeds for what its confirmed piece settled', async () => {
  await pooledWithdrawal(w, 'wa1', '300');
  await pooledWithdrawal(w, 'wa2', '200');
  const res = await matchedDeposit(w, 'pb1', '400');
  expect(res.envelope.code, res.body).toBe(0);
  const pieces = res.envelope.data.pieces;
  expect(pieces.map((p) => p.amount)).toEqual(['300.00', '100.00']);
  const b0 = await merchantBalance(w, w.b);
  // The payer pays the 100 piece (its voucher), the receiver confirms it.
  expect((await voucher(w, pieces[1]!.matchNo)).envelope.code).toBe(0);
  expect((await receiverConfirms(w, pieces[1]!.matchNo)).envelope.code).toBe(0);
  // The other piece is never paid: it times out and its 300 returns to the pool.
  w.t.ctx.clock.advance(16 * 60_000);
  await signInAgain(w);
  expect(await expireDueMatches(w.t.ctx, w.t.ctx.clock.now())).toHaveLength(1);

  const d = await rowOf(w, 'deposit_orders', 'order_no = $1', res.envelope.data.orderNo);
  expect([d.status, d.amount, d.fee]).toEqual(['success', '100.00000000', '1.00000000']);
  // What the ledger credited: 100 less the piece's fee share.
  const b1 = await merchantBalance(w, w.b);
  expect(Number(b1.available) - Number(b0.available)).toBeCloseTo(99, 2);
  const [last] = await w.t.ctx.db
    .select({ transition: statusHistory.transition, reason: statusHistory.reason })
    .from(statusHistory)
    .where(and(eq(statusHistory.resource, 'orderDepositList'), eq(statusHistory.recordId, String(d.id))))
    .orderBy(asc(statusHistory.id))
    .then((rows) => rows.slice(-1));
  expect(last).toEqual({ transition: 'matchSettled', reason: '@partlySettled: 100.00 / 400.00' });
});
