/**
 * Deposits through the sandbox upstream on the real server listening on a port: placed (pay URL from
 * the sandbox over HTTP), paid by the sandbox's signed callback, landing in in_audit; a repeated
 * merchant order number answers the same order without a second upstream call.
 */
import { ErrorCode, orderDepositList } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchants } from '../src/modules/mch/schema.ts';
import { members } from '../src/modules/member/schema.ts';
import { depositOrders } from '../src/modules/order/schema.ts';
import { creditLevels } from '../src/modules/risk/risk-levels.schema.ts';
import { decisionRow } from '../src/modules/upstream/attempts.ts';
import { placeDeposit } from '../src/modules/upstream/placement.ts';
import { POLL_AFTER_MS, pollDeposits } from '../src/modules/upstream/poll.ts';
import { routingDecisions, sandboxOrders } from '../src/modules/upstream/schema.ts';
import { setSetting } from '../src/platform/settings.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import { call, signInAdmin, type TestApp, toLocalHour } from './harness.ts';
import { makeMerchant, mchCall } from './openapi-client.ts';
import { statementsSent } from './statements-sent.ts';
import { type Party, sandboxCall, sandboxWorld, waitFor } from './upstream-helpers.ts';

let t: TestApp;
let party: Party;
let merchantId: number;

beforeAll(async () => {
  let m: { id: number };
  ({ t, party, m } = await sandboxWorld('SBX_DEP', { payType: 'alipay' }, { delayMs: 100 }));
  // The daily limits below count a platform day's deposits: all of this file's in one day.
  toLocalHour(t, 10);
  merchantId = m.id;
});
afterAll(() => t.close());

const orderOf = async (orderNo: string) =>
  (await t.ctx.db.select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo)))[0]!;

describe('placeDeposit through the sandbox', () => {
  it('answers a pending order with the pay URL, and the sandbox callback moves it to in_audit', async () => {
    const { order, created } = await placeDeposit(t.ctx, {
      merchantId,
      mchOrderNo: 'M-1',
      payType: 'alipay',
      amount: '100.50',
    });
    expect(created).toBe(true);
    expect(order.status).toBe('pending_payment');
    expect(order.payUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/upstream\/cashier\/SBX/);
    expect(order.upstreamOrderNo).toMatch(/^SBX/);
    const cashier = await fetch(order.payUrl!);
    expect(await cashier.text()).toContain(order.orderNo);

    const paid = await waitFor(async () => {
      const o = await orderOf(order.orderNo);
      return o.status === 'in_audit' && o;
    });
    expect(paid.paidAt).not.toBeNull();
    const [decision] = await t.ctx.db
      .select()
      .from(routingDecisions)
      .where(eq(routingDecisions.orderNo, order.orderNo));
    expect(decision).toMatchObject({ result: 'routed', considered: 1 });
    expect(decision!.candidates[0]).toMatchObject({ verdict: 'chosen' });
  });

  it('answers a repeated merchant order number with the same order, without a second upstream call', async () => {
    const first = await placeDeposit(t.ctx, {
      merchantId,
      mchOrderNo: 'M-2',
      payType: 'alipay',
      amount: '20',
    });
    const again = await placeDeposit(t.ctx, {
      merchantId,
      mchOrderNo: 'M-2',
      payType: 'alipay',
      amount: '20',
    });
    expect(again.created).toBe(false);
    expect(again.order.orderNo).toBe(first.order.orderNo);
    const upstream = await t.ctx.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.orderNo, first.order.orderNo));
    expect(upstream).toHaveLength(1);
    // Its callback lands before the next test holds the sandbox account (which would leave it pending).
    await waitFor(async () => (await orderOf(first.order.orderNo)).status === 'in_audit');
  });

  it("gives a deposit the platform's order timeout when its merchant has none of its own", async () => {
    const minutesOf = (o: { createdAt: Date; expiresAt: Date | null }) =>
      (o.expiresAt!.getTime() - o.createdAt.getTime()) / 60_000;
    const place = (mchOrderNo: string) =>
      placeDeposit(t.ctx, { merchantId, mchOrderNo, payType: 'alipay', amount: '20.00' });
    await setSetting(t.ctx, 'orderTimeoutMinutes', 45, null);
    expect(minutesOf((await place('M-TO-1')).order)).toBe(45);
    await t.ctx.db.update(merchants).set({ depositTimeout: 10 }).where(eq(merchants.id, merchantId));
    expect(minutesOf((await place('M-TO-2')).order)).toBe(10);
    await t.ctx.db.update(merchants).set({ depositTimeout: null }).where(eq(merchants.id, merchantId));
    await setSetting(t.ctx, 'orderTimeoutMinutes', 30, null);
    // Their callbacks land before the poll's test counts what is left pending.
    for (const no of ['M-TO-1', 'M-TO-2'])
      await waitFor(async () => {
        const [o] = await t.ctx.db.select().from(depositOrders).where(eq(depositOrders.mchOrderNo, no));
        return o?.status === 'in_audit';
      });
  });

  it('settles a deposit whose callback never came by the query poll', async () => {
    await sandboxCall(t, party, 'control', { outcome: 'hold' });
    const { order } = await placeDeposit(t.ctx, {
      merchantId,
      mchOrderNo: 'M-3',
      payType: 'alipay',
      amount: '30',
    });
    await sandboxCall(t, party, 'notify', { orderNo: order.orderNo, outcome: 'success', times: 0 });
    expect(await pollDeposits(t.ctx)).toEqual({});
    t.ctx.clock.advance(POLL_AFTER_MS + 1000);
    expect(await pollDeposits(t.ctx)).toEqual({ applied: 1 });
    expect((await orderOf(order.orderNo)).status).toBe('in_audit');
  });

  it('shows the decisions on recommendRecordList to an operator', async () => {
    const admin = await signInAdmin(t);
    const res = await call<{ list: Record<string, unknown>[] }>(
      t,
      'POST',
      '/api/pay/recommendRecord/findByPage',
      {
        session: admin,
        body: { page: 1, pageSize: 10, filters: { result: 'routed' } },
      },
    );
    expect(res.statusCode, res.body).toBe(200);
    const first = res.envelope.data.list[0]!;
    expect(first).toMatchObject({ direction: 'deposit', result: 'routed', considered: 1 });
    expect(first.merchantIdLabel).toMatch(/^M\d+/);
    expect(first.passageIdLabel).toBe('SBX_DEP-alipay-deposit');
    expect(first.candidates).toEqual([expect.objectContaining({ verdict: 'chosen' })]);
  });

  it("writes the routing decision with submit's own statement, and never without the change", async () => {
    const { sent, result } = await statementsSent(() =>
      placeDeposit(t.ctx, { merchantId, mchOrderNo: 'M-4', payType: 'alipay', amount: '40' }),
    );
    const { order } = result;
    expect(order.status).toBe('pending_payment');
    const submit = sent.find((s) => s.startsWith('with upd as (update "deposit_orders"'));
    expect(submit).toContain('insert into "routing_decisions"');
    expect(sent.filter((s) => s.startsWith('insert into "routing_decisions"'))).toEqual([]);
    const decisions = async (orderNo: string) =>
      t.ctx.db.select().from(routingDecisions).where(eq(routingDecisions.orderNo, orderNo));
    expect(await decisions(order.orderNo)).toEqual([
      expect.objectContaining({ result: 'routed', passageId: order.passageId, considered: 1 }),
    ]);
    // The order is past `submit` now: a second submit is refused and writes no row of its own.
    const row = decisionRow({
      orderNo: 'NOT-WITHOUT-CHANGE',
      direction: 'deposit',
      merchantId,
      payType: 'alipay',
      amount: '40',
      result: 'routed',
      passageId: order.passageId,
      candidates: [],
      upstreamError: null,
      at: new Date(),
    });
    await expect(
      runSystemTransition(t.ctx, orderDepositList, 'submit', order.id, { rows: [row] }),
    ).rejects.toMatchObject({ code: ErrorCode.conflict });
    expect(await decisions('NOT-WITHOUT-CHANGE')).toEqual([]);
  });

  it('checks the risk lists and writes the order in ONE statement when the check finds nothing to decide', async () => {
    const place = () =>
      statementsSent(() =>
        placeDeposit(t.ctx, { merchantId, mchOrderNo: 'M-5', payType: 'alipay', amount: '50' }),
      );
    const first = await place();
    expect(first.result.created).toBe(true);
    const writes = first.sent.filter((s) => s.includes('insert into "deposit_orders"'));
    expect(writes).toHaveLength(1);
    expect(writes[0]).toMatch(/^with guard as materialized \(select 1 from risk_check\(/);
    expect(first.sent.slice(0, first.sent.indexOf(writes[0]!))).not.toContain('begin');
    // A repeat: the one statement writes nothing (the number is taken), and the check's transaction
    // answers the order that is there, without a second one.
    const again = await place();
    expect(again.result.created).toBe(false);
    expect(again.result.order.orderNo).toBe(first.result.order.orderNo);
    expect(again.sent).toContain('begin');
    const rows = await t.ctx.db.select().from(depositOrders).where(eq(depositOrders.mchOrderNo, 'M-5'));
    expect(rows).toHaveLength(1);
  });
});

describe("a member's credit level", () => {
  it("refuses a member's deposit over its credit level's single or daily limit, naming the amount", async () => {
    // Level 7 alone: other members (level 1) have no defined level and no limits.
    const [level] = await t.ctx.db
      .insert(creditLevels)
      .values({
        level: 7,
        name: '限额测试',
        minDepositCount: 999_999,
        singleLimit: '1000',
        dailyLimit: '1500',
      })
      .returning({ id: creditLevels.id });
    const m = await makeMerchant(t);
    await t.ctx.db
      .insert(members)
      .values({ merchantId: m.id, mchNo: m.mchNo, account: 'lvl-member-7', realName: '王五', level: 7 });
    const deposit = (mchOrderNo: string, amount: string) =>
      mchCall(
        t,
        m,
        'deposit/create',
        { mchOrderNo, amount, payType: 'alipay', memberAccount: 'lvl-member-7' },
        { headers: { 'accept-language': 'en-US' } },
      );
    const single = await deposit('D-LVL-1', '1200.00');
    expect(single.envelope.code).toBe(2011);
    expect(single.envelope.data).toMatchObject({
      fields: [{ field: 'amount', message: "Over the credit level's single limit: 1000" }],
    });
    expect((await deposit('D-LVL-2', '800.00')).envelope.code).not.toBe(2011);
    const daily = await deposit('D-LVL-3', '800.00');
    expect(daily.envelope.data).toMatchObject({
      fields: [
        {
          field: 'amount',
          message: "Over the credit level's daily limit (in brackets: used that day): 1500 (800)",
        },
      ],
    });
    // What is left of the day still passes.
    expect((await deposit('D-LVL-4', '700.00')).envelope.code).not.toBe(2011);
    const { rows } = await t.ctx.pool.query(
      `SELECT mch_order_no, rule, entry_id, subject, reason FROM risk_block_log WHERE mch_order_no LIKE 'D-LVL-%' ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        mch_order_no: 'D-LVL-1',
        rule: 'credit_level',
        entry_id: level!.id,
        subject: 'lvl-member-7',
        reason: '@levelSingleLimit: 1000',
      },
      {
        mch_order_no: 'D-LVL-3',
        rule: 'credit_level',
        entry_id: level!.id,
        subject: 'lvl-member-7',
        reason: '@levelDailyLimit: 1500 (800)',
      },
    ]);
    const written = await t.ctx.pool.query(
      `SELECT mch_order_no FROM deposit_orders WHERE mch_order_no LIKE 'D-LVL-%' ORDER BY id`,
    );
    expect(written.rows.map((r) => r.mch_order_no)).toEqual(['D-LVL-2', 'D-LVL-4']);
  });
});

describe("a merchant's daily deposit limit", () => {
  it('refuses a deposit that takes the day over the limit, and gives back what a deposit that ended unpaid used', async () => {
    const m = await makeMerchant(t, { dailyLimit: '1000' });
    const deposit = (mchOrderNo: string, amount: string) =>
      mchCall(
        t,
        m,
        'deposit/create',
        { mchOrderNo, amount, payType: 'alipay' },
        { headers: { 'accept-language': 'en-US' } },
      );
    const first = await deposit('D-DAY-1', '600.00');
    expect(first.envelope.code).toBe(0);
    const over = await deposit('D-DAY-2', '500.00');
    expect(over.envelope.code).toBe(2011);
    expect(over.envelope.data).toMatchObject({
      fields: [
        {
          field: 'amount',
          message: "Over the merchant's daily deposit limit (in brackets: used that day): 1000 (600)",
        },
      ],
    });
    // What is left of the day passes; then the limit is used up to the cent.
    expect((await deposit('D-DAY-3', '400.00')).envelope.code).toBe(0);
    expect((await deposit('D-DAY-4', '0.01')).envelope.code).toBe(2011);
    // A deposit that times out unpaid no longer counts.
    const expired = await orderOf((first.envelope.data as { orderNo: string }).orderNo);
    await runSystemTransition(t.ctx, orderDepositList, 'expire', expired.id);
    expect((await deposit('D-DAY-5', '600.00')).envelope.code).toBe(0);

    const { rows } = await t.ctx.pool.query(
      `SELECT mch_order_no, rule, entry_id, subject, reason FROM risk_block_log WHERE mch_order_no LIKE 'D-DAY-%' ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        mch_order_no: 'D-DAY-2',
        rule: 'mchDailyLimit',
        entry_id: m.id,
        subject: m.mchNo,
        reason: '@mchDailyLimit: 1000 (600)',
      },
      {
        mch_order_no: 'D-DAY-4',
        rule: 'mchDailyLimit',
        entry_id: m.id,
        subject: m.mchNo,
        reason: '@mchDailyLimit: 1000 (1000)',
      },
    ]);
    // The usage the triggers keep is the sum of the merchant's deposits that did not end unpaid.
    const usage = await t.ctx.pool.query(
      `SELECT (SELECT sum(used) FROM merchant_deposit_usage WHERE merchant_id = $1)::text AS kept,
              (SELECT sum(amount) FROM deposit_orders WHERE merchant_id = $1
                  AND status NOT IN ('timeout', 'cancelled', 'failed', 'refunded'))::text AS live`,
      [m.id],
    );
    expect(usage.rows[0]).toEqual({ kept: '1000.00000000', live: '1000.00000000' });
  });
});

describe('daily limits under concurrent deposits', () => {
  const race = async (m: { id: number }, memberAccount: string | undefined, prefix: string) => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        mchCall(t, m as never, 'deposit/create', {
          mchOrderNo: `${prefix}-${i}`,
          amount: '300.00',
          payType: 'alipay',
          ...(memberAccount ? { memberAccount } : {}),
        }),
      ),
    );
    return answers.map((a) => a.envelope.code);
  };

  it("lets exactly as many through as the merchant's daily limit holds, however many arrive at once", async () => {
    const m = await makeMerchant(t, { dailyLimit: '1000' });
    const codes = await race(m, undefined, 'D-RACE-M');
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c === 2011)).toHaveLength(5);
    const { rows } = await t.ctx.pool.query(
      `SELECT count(*)::int AS n, sum(amount)::text AS total FROM deposit_orders WHERE merchant_id = $1`,
      [m.id],
    );
    expect(rows[0]).toEqual({ n: 3, total: '900.00000000' });
  });

  it("and as many as the member's credit level holds in a day", async () => {
    await t.ctx.db.insert(creditLevels).values({
      level: 8,
      name: '并发测试',
      minDepositCount: 999_999,
      singleLimit: '1000',
      dailyLimit: '1000',
    });
    const m = await makeMerchant(t);
    await t.ctx.db
      .insert(members)
      .values({ merchantId: m.id, mchNo: m.mchNo, account: 'race-member-8', realName: '赵六', level: 8 });
    const codes = await race(m, 'race-member-8', 'D-RACE-L');
    expect(codes.filter((c) => c === 0)).toHaveLength(3);
    expect(codes.filter((c) => c === 2011)).toHaveLength(5);
    const blocks = await t.ctx.pool.query(
      `SELECT count(*)::int AS n FROM risk_block_log WHERE mch_order_no LIKE 'D-RACE-L-%' AND rule = 'credit_level'`,
    );
    expect(blocks.rows[0].n).toBe(5);
  });

  it("answers a deposit that waits too long for the merchant's day lock as busy (503), not as a failure", async () => {
    const m = await makeMerchant(t, { dailyLimit: '1000' });
    const holder = await t.ctx.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query("SELECT pg_advisory_xact_lock(hashtext('deposit-day'), $1)", [m.id]);
      const res = await mchCall(t, m, 'deposit/create', {
        mchOrderNo: 'D-BUSY-1',
        amount: '100.00',
        payType: 'alipay',
      });
      expect(res.statusCode).toBe(503);
      expect(res.envelope.code).toBe(ErrorCode.unavailable);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    // Nothing was written; the same order passes once the lock is free.
    expect(
      (await mchCall(t, m, 'deposit/create', { mchOrderNo: 'D-BUSY-1', amount: '100.00', payType: 'alipay' }))
        .envelope.code,
    ).toBe(0);
  }, 20_000);
});
