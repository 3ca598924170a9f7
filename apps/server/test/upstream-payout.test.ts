/**
 * Payouts on the real server: approved withdrawals (due ones only) are claimed and paid out through
 * the sandbox over HTTP; its callback makes one a success and another a failure; the query poll
 * settles one whose callback never came; with no payout passage the order fails with the reason; a
 * declined payout returns its frozen amount + fee to the merchant once, however often the provider
 * calls back; a provider short of funds refuses a payout, which fails with its reason.
 */
import { ErrorCode, localText, orderTransferList } from '@payops/contracts';
import Big from 'big.js';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passages, thirdParties } from '../src/modules/mch/passage.schema.ts';
import { insertWithdrawOrder } from '../src/modules/order/create.ts';
import { withdrawOrders } from '../src/modules/order/schema.ts';
import { thirdAgentPays } from '../src/modules/payManage/schema.ts';
import { operationLog } from '../src/modules/sys/schema.ts';
import { runPayouts } from '../src/modules/upstream/payout.ts';
import { POLL_AFTER_MS, pollPayouts } from '../src/modules/upstream/poll.ts';
import { routingDecisions } from '../src/modules/upstream/schema.ts';
import {
  ensureAccount,
  findAccount,
  ledgerEntries,
  platformAccount,
  postEntry,
} from '../src/platform/ledger/index.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import { statusHistory } from '../src/platform/transitions/schema.ts';
import { call, signInAdmin, type TestApp, toLocalHour } from './harness.ts';
import { type merchant, type Party, sandboxCall, sandboxWorld } from './upstream-helpers.ts';

let t: TestApp;
let party: Party;
let m: Awaited<ReturnType<typeof merchant>>;
let n = 0;

beforeAll(async () => {
  ({ t, party, m } = await sandboxWorld(
    'SBX_PAY',
    { payType: 'bank_card', direction: 'withdraw', rate: '0.004' },
    { outcome: 'hold' },
    { withdrawRate: '0.005' },
  ));
  // A payout config's daily cap counts the provider's payouts of the platform day: this file's in one.
  toLocalHour(t, 10);
  // A payout provider, as its page (withdraw_thirdpay_list) would have added it.
  await t.ctx.db.update(thirdParties).set({ direction: 'withdraw' }).where(eq(thirdParties.id, party.id));
  await t.ctx.db.transaction(async (tx) => {
    const own = await ensureAccount(tx, {
      ownerType: 'merchant',
      ownerId: m.id,
      ownerCode: m.mchNo,
      merchantId: m.id,
    });
    const contra = await platformAccount(tx, 'adjustments', 'CNY', 'test:payout-funding');
    await postEntry(tx, {
      kind: 'adjust_credit',
      refType: 'test',
      refId: 'payout-funding',
      legs: [
        { accountId: own.id, amount: '100000' },
        { accountId: contra.id, amount: '-100000' },
      ],
    });
  });
});
afterAll(() => t.close());

async function approved(amount: string, scheduledAt: Date | null = null) {
  const { order } = await t.ctx.db.transaction((tx) =>
    insertWithdrawOrder(tx, {
      merchantId: m.id,
      mchOrderNo: `W-${++n}`,
      amount,
      bankCode: 'ICBC',
      bankName: '工商银行',
      accountName: '张三',
      accountNo: '6222000011112222',
      scheduledAt,
      now: t.ctx.clock.now(),
    }),
  );
  await runSystemTransition(t.ctx, orderTransferList, 'review', order.id);
  await runSystemTransition(t.ctx, orderTransferList, 'autoApprove', order.id);
  return order;
}

const orderOf = async (id: number) =>
  (await t.ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, id)))[0]!;
const transitions = async (id: number) =>
  (
    await t.ctx.db
      .select()
      .from(statusHistory)
      .where(and(eq(statusHistory.resource, 'orderTransferList'), eq(statusHistory.recordId, String(id))))
  ).map((h) => h.transition);

const balance = async () => {
  const a = await findAccount(t.ctx.db, { ownerType: 'merchant', ownerId: m.id });
  return { available: a!.available, frozen: a!.frozen };
};

describe('payouts', () => {
  it('pays out due approved withdrawals; the callback makes one a success and one a failure', async () => {
    const good = await approved('300');
    const bad = await approved('400');
    const later = await approved('500', new Date(t.ctx.clock.now().getTime() + 3_600_000));
    const counts = await runPayouts(t.ctx);
    expect(counts).toEqual({ paying: 2, failed: 0, skipped: 0, held: 0 });
    const paying = await orderOf(good.id);
    expect(paying.status).toBe('paying');
    expect(paying.upstreamOrderNo).toMatch(/^SBX/);
    expect((await orderOf(later.id)).status).toBe('approved');
    // A second run finds nothing more to claim: no second payout of the same order.
    expect(await runPayouts(t.ctx)).toEqual({ paying: 0, failed: 0, skipped: 0, held: 0 });

    await sandboxCall(t, party, 'notify', {
      orderNo: good.orderNo,
      outcome: 'success',
      times: 2,
      concurrent: '1',
    });
    await sandboxCall(t, party, 'notify', { orderNo: bad.orderNo, outcome: 'fail' });
    expect((await orderOf(good.id)).status).toBe('success');
    const failed = await orderOf(bad.id);
    expect(failed.status).toBe('failed');
    expect(failed.failReason).toBe('sandbox: payment declined');
    expect(await transitions(good.id)).toEqual(['review', 'autoApprove', 'pay', 'paySuccess']);
    expect(await transitions(bad.id)).toEqual(['review', 'autoApprove', 'pay', 'payFail']);
    const [d] = await t.ctx.db
      .select()
      .from(routingDecisions)
      .where(eq(routingDecisions.orderNo, good.orderNo));
    expect(d).toMatchObject({ direction: 'withdraw', result: 'routed' });
  });

  it('a declined payout returns amount + fee to the merchant, once, however often the provider calls back', async () => {
    const before = await balance();
    const o = await approved('800');
    expect(o.fee).toBe('4.00000000');
    expect(await balance()).toEqual({
      available: Big(before.available).minus('804').toFixed(8),
      frozen: Big(before.frozen).plus('804').toFixed(8),
    });
    expect(await runPayouts(t.ctx)).toMatchObject({ paying: 1 });
    // The provider declines it and its callback comes three times at once.
    await sandboxCall(t, party, 'notify', { orderNo: o.orderNo, outcome: 'fail', times: 3, concurrent: '1' });
    const failed = await orderOf(o.id);
    expect(failed.status).toBe('failed');
    expect(failed.failReason).toBe('sandbox: payment declined');
    expect(await balance()).toEqual(before);
    const events = await t.ctx.db
      .select({ event: ledgerEntries.event })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refType, 'withdraw_order'), eq(ledgerEntries.refId, o.orderNo)));
    expect(events.map((e) => e.event).sort()).toEqual(['freeze', 'release']);
    expect(await transitions(o.id)).toEqual(['review', 'autoApprove', 'pay', 'payFail']);
  });

  it('settles a payout whose callback never came by the query poll', async () => {
    const o = await approved('600');
    await runPayouts(t.ctx);
    // The sandbox decides it but its callback is lost (times 0): only the poll can learn of it.
    await sandboxCall(t, party, 'notify', { orderNo: o.orderNo, outcome: 'success', times: 0 });
    expect(await pollPayouts(t.ctx)).toEqual({}); // too fresh to ask about yet
    expect((await orderOf(o.id)).status).toBe('paying');
    t.ctx.clock.advance(POLL_AFTER_MS + 1000);
    expect(await pollPayouts(t.ctx)).toEqual({ applied: 1 });
    expect((await orderOf(o.id)).status).toBe('success');
    expect(await pollPayouts(t.ctx)).toEqual({});
  });

  it('fails a payout the provider never received (claimed, then the process died before the call)', async () => {
    const o = await approved('650');
    // The claim alone, as payOut does it first: no upstream call follows.
    await runSystemTransition(t.ctx, orderTransferList, 'pay', o.id, { values: { thirdPartyId: party.id } });
    t.ctx.clock.advance(POLL_AFTER_MS + 1000);
    expect(await pollPayouts(t.ctx)).toEqual({ applied: 1 });
    const failed = await orderOf(o.id);
    expect(failed.status).toBe('failed');
    // A system text, read in each reader's language.
    expect(failed.failReason).toBe('@neverReceived');
    expect(localText(failed.failReason!, 'en-US')).toMatch(/never received/);
  });

  it('fails a payout with the reason when no payout passage can take it', async () => {
    const o = await approved('60000');
    expect(await runPayouts(t.ctx)).toEqual({ paying: 0, failed: 1, skipped: 0, held: 0 });
    const failed = await orderOf(o.id);
    expect(failed.status).toBe('failed');
    expect(failed.failReason).toContain('above_max');
  });

  it('a provider short of funds refuses a payout: it fails with the reason, the merchant gets it back; topped up, the next pays', async () => {
    await runPayouts(t.ctx); // whatever else is due goes first, unchecked
    await sandboxCall(t, party, 'control', { outcome: 'hold', fundsChecked: 1 });
    try {
      // Fund the account so that, less its payouts in flight, exactly 100 is left.
      const { balance: held } = (await sandboxCall(t, party, 'balance/query', {})) as { balance: string };
      const { rows } = await t.ctx.pool.query(
        "SELECT coalesce(sum(amount), 0)::text AS v FROM sandbox_orders WHERE mch_no = $1 AND kind = 'payout' AND status = 'pending'",
        [party.mchNo],
      );
      const topUp = Big('100').minus(Big(held).minus(rows[0].v));
      await sandboxCall(t, party, 'balance/topup', { amount: topUp.toFixed(2) });
      const first = await approved('80');
      await runPayouts(t.ctx);
      expect((await orderOf(first.id)).status).toBe('paying');
      const before = await balance();
      const short = await approved('50');
      await runPayouts(t.ctx);
      const failed = await orderOf(short.id);
      expect(failed.status).toBe('failed');
      expect(failed.failReason).toContain('sandbox: insufficient balance');
      expect(await balance()).toEqual(before);

      await sandboxCall(t, party, 'balance/topup', { amount: '30' });
      const next = await approved('50');
      await runPayouts(t.ctx);
      expect((await orderOf(next.id)).status).toBe('paying');
    } finally {
      await sandboxCall(t, party, 'control', { outcome: 'hold' });
    }
  });
});

describe('payout configs (payManage/deposit_thirdagentpay_list)', () => {
  it('pay out only through a config that is on and holds the amount; a manual one waits for an operator', async () => {
    const [config] = await t.ctx.db
      .insert(thirdAgentPays)
      .values({
        thirdPartyId: party.id,
        name: '人工代付',
        singleMin: '100',
        singleMax: '1000',
        status: 'off',
      })
      .returning();
    const verdictOf = async (orderNo: string) =>
      (await t.ctx.db.select().from(routingDecisions).where(eq(routingDecisions.orderNo, orderNo)))[0]!
        .candidates[0]!.verdict;

    // Off: the provider pays nothing out; the order fails and its money returns.
    const off = await approved('500');
    expect(await runPayouts(t.ctx)).toMatchObject({ failed: 1 });
    expect(await verdictOf(off.orderNo)).toBe('agent_pay_off');

    await t.ctx.db.update(thirdAgentPays).set({ status: 'on' }).where(eq(thirdAgentPays.id, config!.id));
    const big = await approved('5000');
    expect(await runPayouts(t.ctx)).toMatchObject({ failed: 1 });
    expect(await verdictOf(big.orderNo)).toBe('agent_pay_limit');

    // On, within its limits, automatic payout off: held for an operator, and the job leaves it alone.
    const held = await approved('500');
    expect(await runPayouts(t.ctx)).toEqual({ paying: 0, failed: 0, skipped: 0, held: 1 });
    expect(await orderOf(held.id)).toMatchObject({ status: 'approved', payoutHeld: true });
    expect(await runPayouts(t.ctx)).toEqual({ paying: 0, failed: 0, skipped: 0, held: 0 });

    const admin = await signInAdmin(t);
    const res = await call<{ result: string; notice: { text: string } }>(
      t,
      'POST',
      orderTransferList.actions.payOut!.path,
      { session: admin, body: { id: held.id }, headers: { 'accept-language': 'zh-CN' } },
    );
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data).toMatchObject({ result: 'paying', notice: { text: '已提交代付' } });
    expect(await orderOf(held.id)).toMatchObject({ status: 'paying', payoutHeld: false });
    const [audit] = await t.ctx.db
      .select()
      .from(operationLog)
      .where(
        and(eq(operationLog.objectType, 'orderTransferList'), eq(operationLog.objectId, String(held.id))),
      )
      .orderBy(desc(operationLog.id))
      .limit(1);
    expect(audit?.detail).toMatchObject({ action: 'payOut', result: 'paying' });
    // Paying already: a second press is refused, nothing changes.
    const again = await call(t, 'POST', orderTransferList.actions.payOut!.path, {
      session: admin,
      body: { id: held.id },
    });
    expect(again.envelope.code).toBe(ErrorCode.conflict);
    // Rejected while held: it no longer awaits a manual payout.
    const dropped = await approved('300');
    expect(await runPayouts(t.ctx)).toMatchObject({ held: 1 });
    await runSystemTransition(t.ctx, orderTransferList, 'reject', dropped.id, { reason: '会员撤回' });
    expect(await orderOf(dropped.id)).toMatchObject({ status: 'rejected', payoutHeld: false });
    await t.ctx.db.delete(thirdAgentPays).where(eq(thirdAgentPays.id, config!.id));
  });

  it("a config's daily cap bounds the provider's payouts of the day; a config changed on the page hands held withdrawals back to the job", async () => {
    const admin = await signInAdmin(t);
    const verdictOf = async (orderNo: string) =>
      (await t.ctx.db.select().from(routingDecisions).where(eq(routingDecisions.orderNo, orderNo)))[0]!
        .candidates[0]!;
    const added = await call<{ id: number }>(t, 'POST', '/api/pay/thirdagent/add', {
      session: admin,
      body: {
        thirdPartyId: party.id,
        name: '日限额代付',
        singleMin: '1',
        singleMax: '10000',
        dailyLimit: '0',
        fee: '2.5',
        autoPayout: false,
        status: 'on',
      },
    });
    expect(added.envelope.code, added.body).toBe(0);
    const held = await approved('400');
    expect(await runPayouts(t.ctx)).toMatchObject({ held: 1 });

    // Everything this file's provider paid out today (the only withdraw passages of this database).
    const { rows } = await t.ctx.db.execute<{ used: string }>(
      sql`SELECT coalesce(sum(used), 0)::text AS used FROM passage_usage WHERE direction = 'withdraw'`,
    );
    const cap = Big(rows[0]!.used).plus(600).toFixed(2);
    const edited = await call(t, 'POST', '/api/pay/thirdagent/edit', {
      session: admin,
      body: { id: added.envelope.data.id, autoPayout: true, dailyLimit: cap },
    });
    expect(edited.envelope.code, edited.body).toBe(0);
    // Automatic now: the held withdrawal is the job's again, and it pays it out.
    expect(await orderOf(held.id)).toMatchObject({ status: 'approved', payoutHeld: false });
    expect(await runPayouts(t.ctx)).toMatchObject({ paying: 1, held: 0 });
    expect(await orderOf(held.id)).toMatchObject({ status: 'paying' });

    // 400 of the 600 left are used: 300 more would pass the cap; it fails and says which config.
    const over = await approved('300');
    expect(await runPayouts(t.ctx)).toMatchObject({ failed: 1 });
    expect(await verdictOf(over.orderNo)).toMatchObject({
      verdict: 'daily_cap',
      detail: expect.stringMatching(/^日限额代付: /),
    });
    const within = await approved('150');
    expect(await runPayouts(t.ctx)).toMatchObject({ paying: 1 });
    // The provider's charge: the passage's rate on the amount and the config's fee per payout.
    const [taken] = await t.ctx.db
      .select()
      .from(passages)
      .where(eq(passages.id, (await orderOf(within.id)).passageId!));
    expect(await orderOf(within.id)).toMatchObject({
      status: 'paying',
      channelFee: Big(150).times(taken!.rate).round(2, Big.roundDown).plus('2.5').toFixed(8),
    });
    await t.ctx.db.delete(thirdAgentPays).where(eq(thirdAgentPays.id, added.envelope.data.id));
  });
});
