/**
 * The engine's one-statement match write (match-write.ts): a matched deposit's pieces and its
 * `matchFound` transition in one statement write every row the transition's own path writes (status
 * history, order event, the operation-log row in its verified chain); concurrent matchers racing for
 * one pool entry leave one winner; a guard that fails (an entry holding less than its piece, a deposit
 * no longer waiting) rolls everything back, nothing half-written. The candidate scan passes over entries
 * left holding less than a piece ("dust") that would otherwise fill its N candidates.
 */
import { orderDepositList, systemText } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberOf } from '../src/modules/match/match-engine.ts';
import { createMatchedDeposit } from '../src/modules/match/match-service.ts';
import { writeMatch } from '../src/modules/match/match-write.ts';
import { insertDepositOrder } from '../src/modules/order/create.ts';
import { verifyChain } from '../src/platform/audit.ts';
import { addMembers, type MatchWorld, matchWorld, pooledWithdrawal, poolOf, rowOf } from './match-support.ts';

let w: MatchWorld;
let seq = 0;

beforeAll(async () => {
  w = await matchWorld({ maxPieces: 3 });
  await addMembers(w, w.a, ['wa1', 'wa2', 'wa3']);
  await addMembers(
    w,
    w.b,
    Array.from({ length: 12 }, (_, i) => `db${i}`),
  );
}, 120_000);
afterAll(() => w.t.close());

const deposit = (amount: string, member = `db${seq % 12}`) =>
  createMatchedDeposit(
    w.t.ctx,
    { merchantId: w.b.id, mchOrderNo: `WR${++seq}`, amount, memberAccount: member, clientIp: '' },
    'en-US',
  );

const count = async (table: string, where: string, ...params: unknown[]) =>
  Number(
    (await w.t.ctx.pool.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${where}`, params)).rows[0].n,
  );
const remaining = async (orderNo: string) => Number((await poolOf(w, orderNo)).remaining);

describe('a match written in one statement', () => {
  it('writes the pieces and every row of the deposit transition: history, event, verified audit row', async () => {
    const p1 = await pooledWithdrawal(w, 'wa1', '300');
    const p2 = await pooledWithdrawal(w, 'wa2', '200');
    const { order, pieces } = await deposit('400');
    expect(order).toMatchObject({ status: 'pending_payment', expiresAt: null });
    expect(pieces.map((p) => [p.withdrawOrderNo, Number(p.amount), p.status])).toEqual([
      [p1.orderNo, 300, 'matched'],
      [p2.orderNo, 100, 'matched'],
    ]);
    // The fee shares add up to the deposit's fee; each piece names its payer and its payee.
    expect(pieces.reduce((s, p) => s + Number(p.depositFee), 0).toFixed(2)).toBe(
      Number(order.fee).toFixed(2),
    );
    expect(pieces[0]).toMatchObject({
      depositOrderId: order.id,
      payerMember: order.memberAccount,
      payeeMember: 'wa1',
    });
    expect(await remaining(p1.orderNo)).toBe(0);
    expect(await remaining(p2.orderNo)).toBe(100);
    // The same rows the transition's own path writes.
    const id = String(order.id);
    expect(
      await rowOf(w, 'status_history', 'resource = $1 AND record_id = $2', orderDepositList.name, id),
    ).toMatchObject({
      transition: 'matchFound',
      from_status: 'created',
      to_status: 'pending_payment',
      operator_name: systemText('system'),
    });
    expect(await rowOf(w, 'order_events', "family = 'deposit' AND order_id = $1", order.id)).toMatchObject({
      action: 'deposit.matchFound',
      from_status: 'created',
      to_status: 'pending_payment',
    });
    const log = await rowOf(
      w,
      'operation_log',
      'object_type = $1 AND object_id = $2',
      orderDepositList.name,
      id,
    );
    expect(log).toMatchObject({
      action: `${orderDepositList.group}.${orderDepositList.page}.matchFound`,
      method: 'JOB',
      detail: {
        before: { status: 'created' },
        after: { status: 'pending_payment' },
        transition: 'matchFound',
      },
    });
    expect((await verifyChain(w.t.ctx.db, 'operation_log')).brokenAt).toBeUndefined();
  });

  it('concurrent matchers racing for one pool entry: one wins, the others wait with nothing written', async () => {
    const entry = await pooledWithdrawal(w, 'wa3', '150');
    const older = (await w.t.ctx.pool.query('SELECT withdraw_order_no FROM match_pool WHERE remaining = 100'))
      .rows[0].withdraw_order_no as string;
    // 250 left in the pool (the older entry's 100 and this one's 150): exactly one deposit of 150 fits,
    // whichever entries its matcher locked first (SKIP LOCKED); the others find too little and wait.
    const results = await Promise.all(Array.from({ length: 10 }, () => deposit('150')));
    const won = results.filter((r) => r.pieces.length > 0);
    expect(won).toHaveLength(1);
    expect(won[0]!.pieces.reduce((s, p) => s + Number(p.amount), 0)).toBe(150);
    expect((await remaining(entry.orderNo)) + (await remaining(older))).toBe(100);
    for (const r of results.filter((x) => x.pieces.length === 0)) {
      expect(r.order.status).toBe('created');
      expect(
        await count(
          'status_history',
          'resource = $1 AND record_id = $2',
          orderDepositList.name,
          String(r.order.id),
        ),
      ).toBe(0);
      expect(await count('order_events', "family = 'deposit' AND order_id = $1", r.order.id)).toBe(0);
    }
    expect((await verifyChain(w.t.ctx.db, 'operation_log')).brokenAt).toBeUndefined();
  });

  it('a piece larger than its entry holds, or a deposit no longer waiting, rolls everything back', async () => {
    const entry = await pooledWithdrawal(w, 'wa1', '50');
    const pool = await poolOf(w, entry.orderNo);
    const { ctx } = w.t;
    const payer = (await memberOf(ctx.db, w.b.id, 'db1'))!;
    const attempt = (take: string, status?: string) =>
      ctx.db.transaction(async (tx) => {
        const { order } = await insertDepositOrder(tx, {
          merchantId: w.b.id,
          mchOrderNo: `WX${++seq}`,
          payType: 'bank_card',
          amount: take,
          memberAccount: 'db1',
          family: 'match',
          now: ctx.clock.now(),
        });
        // Decided meanwhile (an operator's cancel): the statement's guard reads the row, not this copy.
        if (status)
          await tx.execute(sql`UPDATE deposit_orders SET status = ${status} WHERE id = ${order.id}`);
        await writeMatch(tx, { deposit: order, payer, now: ctx.clock.now() }, [
          { poolId: Number(pool.id), take, fee: '0', deadline: null },
        ]);
      });
    const before = await count('matches', 'pool_id = $1', pool.id);
    const logs = await count('operation_log', 'true');
    await expect(attempt('60')).rejects.toThrow(/holds less/);
    await expect(attempt('20', 'cancelled')).rejects.toThrow(/no longer waiting/);
    expect(await remaining(entry.orderNo)).toBe(50);
    expect(await count('matches', 'pool_id = $1', pool.id)).toBe(before);
    expect(await count('operation_log', 'true')).toBe(logs);
    expect(await count('deposit_orders', "mch_order_no LIKE 'WX%'")).toBe(0);
  });
});

describe('the candidate scan', () => {
  it('passes over the dust pieces left in the oldest entries and matches from an entry that can give', async () => {
    // This test's pool alone: the entries earlier tests left are parked in another group.
    await w.t.ctx.pool.query(`UPDATE match_pool SET pool_group = 'parked' WHERE remaining > 0`);
    // Five entries (the scan's N = maxPieces + 2) each left holding 5, below the minimum piece of 10.
    const dust = [];
    for (let i = 0; i < 5; i++) {
      const entry = await pooledWithdrawal(w, `wa${(i % 3) + 1}`, '105');
      const { pieces } = await deposit('100');
      expect(pieces.map((p) => p.withdrawOrderNo)).toEqual([entry.orderNo]);
      dust.push(entry.orderNo);
    }
    for (const no of dust) expect(await remaining(no)).toBe(5);
    const fresh = await pooledWithdrawal(w, 'wa2', '300');
    const { order, pieces } = await deposit('200');
    expect(order.status).toBe('pending_payment');
    expect(pieces.map((p) => [p.withdrawOrderNo, Number(p.amount)])).toEqual([[fresh.orderNo, 200]]);
    // The dust still serves a deposit it can hold whole.
    const small = await deposit('5');
    expect(small.pieces.map((p) => [p.withdrawOrderNo, Number(p.amount)])).toEqual([[dust[0], 5]]);
  });
});
