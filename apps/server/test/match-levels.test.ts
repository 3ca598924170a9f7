/**
 * Matching obeys the risk levels' pairing rules (issue 12/13, one source of truth): with no level
 * defined, pairing is open (a fresh install matches); once levels are defined through their pages,
 * a deposit whose member's level may not pair with a pooled withdrawal's member is not matched to it
 * (nor by an operator's manual match), and one whose level may pair is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './harness.ts';
import {
  addMembers,
  type MatchWorld,
  matchedDeposit,
  matchWorld,
  ok,
  pooledWithdrawal,
  poolOf,
} from './match-support.ts';

let w: MatchWorld;
const RISK = '/api/financeRisk';

beforeAll(async () => {
  w = await matchWorld();
  await addMembers(w, w.a, ['la1', 'la2']);
  await addMembers(w, w.b, ['lb1', 'lb2', 'lb3']);
}, 60_000);
afterAll(() => w.t.close());

const fix = (mchNo: string, memberAccount: string, level: number, matchLevel = level) =>
  ok(w, `${RISK}/findLevelFixedPage/add`, { mchNo, memberAccount, level, matchLevel, reason: 'test' });

describe('level pairing in matching', () => {
  it('matches any members while no level is defined', async () => {
    await pooledWithdrawal(w, 'la1', '100');
    const d = await matchedDeposit(w, 'lb1', '100');
    expect(d.envelope.data.status).toBe('pending_payment');
    expect(d.envelope.data.pieces).toHaveLength(1);
  });

  it('once levels are defined, pairs only the levels their rules allow', async () => {
    // Match level 1 pairs with 1 only, 2 with 2 only; both credit levels allow matching.
    await ok(w, `${RISK}/macth_level/add`, { level: 1, name: 'L1', pairsWith: '1' });
    await ok(w, `${RISK}/macth_level/add`, { level: 2, name: 'L2', pairsWith: '2' });
    for (const [level, count, amount] of [
      [1, 0, '0'],
      [2, 5, '5000'],
    ] as const)
      await ok(w, `${RISK}/credit_level/add`, {
        level,
        name: `C${level}`,
        minDepositCount: count,
        minDepositAmount: amount,
        matchLevel: level,
        singleLimit: '50000',
        dailyLimit: '100000',
        matchAllowed: true,
      });
    await fix(w.a.mchNo, 'la2', 2);
    await fix(w.b.mchNo, 'lb3', 2);
    const w2 = await pooledWithdrawal(w, 'la2', '200');

    // lb2 is level 1: la2's level-2 withdrawal is the only one in the pool, so it waits.
    const refused = await matchedDeposit(w, 'lb2', '200');
    expect(refused.envelope.data.status).toBe('created');
    expect(refused.envelope.data.pieces).toEqual([]);
    expect((await poolOf(w, w2.orderNo)).remaining).toBe('200.00000000');
    // An operator cannot pair them by hand either: a 400 on the pool entry, nothing taken.
    const manual = await call(w.t, 'POST', '/api/pay/match/manualMatch', {
      session: w.admin,
      body: {
        depositOrderNo: refused.envelope.data.orderNo,
        poolId: Number((await poolOf(w, w2.orderNo)).id),
      },
      headers: { 'accept-language': 'en-US', 'idempotency-key': 'manual-levels' },
    });
    expect(manual.statusCode).toBe(400);
    expect(manual.body).toContain('poolId');
    expect(manual.body).toContain('levels may not match');
    expect((await poolOf(w, w2.orderNo)).remaining).toBe('200.00000000');

    // lb3 is level 2, like la2: matched.
    const paired = await matchedDeposit(w, 'lb3', '200');
    expect(paired.envelope.data.status).toBe('pending_payment');
    expect(paired.envelope.data.pieces.map((p) => p.withdrawOrderNo)).toEqual([w2.orderNo]);
  });

  it('a level whose credit definition forbids matching matches nothing', async () => {
    await ok(w, `${RISK}/credit_level/add`, {
      level: 3,
      name: 'C3',
      minDepositCount: 9,
      minDepositAmount: '9000',
      matchLevel: 1,
      // Limits the deposit is within: what stops it is the level's matching, not its amount.
      singleLimit: '50000',
      dailyLimit: '100000',
      matchAllowed: false,
    });
    const w3 = await pooledWithdrawal(w, 'la1', '50');
    await fix(w.b.mchNo, 'lb1', 3, 1);
    const d = await matchedDeposit(w, 'lb1', '50');
    expect(d.envelope.data.pieces).toEqual([]);
    expect((await poolOf(w, w3.orderNo)).remaining).toBe('50.00000000');
  });
});
