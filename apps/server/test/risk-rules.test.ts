/**
 * Risk rules (issue 13): cancellations recorded with who and why in the cancelling transaction; N
 * cancellations within the window fire the auto-blacklist rule (a deposit black-list entry through the
 * lists' service, with the rule and the evidence), which the operator confirms or lifts; overlapping
 * rules refused naming the field; gift claims through the signed merchant API, every decision logged;
 * the merchant-risk rollup flagging a spike and a success-rate drop; finance tags on members.
 */
import { orderDepositList } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../src/modules/member/schema.ts';
import { insertDepositOrder } from '../src/modules/order/create.ts';
import { evaluateRiskRules } from '../src/modules/risk/auto-blacklist.ts';
import { rollUpMerchantRisk } from '../src/modules/risk/merchant-risk.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import { makeMerchant, mchCall, type TestMerchant } from './openapi-client.ts';
import {
  depositInAudit,
  key,
  newMerchant,
  type OrderWorld,
  orderWorld,
  post,
  type Row,
} from './order-support.ts';

let w: OrderWorld;
const API = '/api/financeRisk';
type Page = { list: Row[]; pager: { total: number } };

beforeAll(async () => {
  w = await orderWorld();
});
afterAll(() => w.t.close());

const list = async (page: string, filters: Row = {}) => {
  const res = await post<Page>(w, `${API}/${page}/findByPage`, { filters, pageSize: 50 });
  expect(res.envelope.code, res.body).toBe(0);
  return res.envelope.data.list;
};
const fieldOf = (res: { envelope: { data: unknown } }) =>
  (res.envelope.data as { fields: { field: string; message: string }[] }).fields[0];

describe('auto-blacklist on cancellations', () => {
  it('refuses an overlapping rule naming the field, and saves a distinct one', async () => {
    const rule = {
      name: '3 cancels / 24h',
      kind: 'cancellations',
      threshold: 3,
      windowHours: 24,
      enabled: true,
    };
    expect((await post(w, `${API}/findByPage/add`, rule)).envelope.code).toBe(0);
    const inside = await post(
      w,
      `${API}/findByPage/add`,
      { ...rule, name: 'x', threshold: 5, windowHours: 12 },
      { en: true },
    );
    expect(inside.statusCode).toBe(400);
    expect(fieldOf(inside)).toMatchObject({ field: 'threshold' });
    expect(fieldOf(inside)!.message).toContain('3 cancels / 24h');
    const sameCount = await post(w, `${API}/findByPage/add`, { ...rule, name: 'y', windowHours: 2 });
    expect(fieldOf(sameCount)).toMatchObject({ field: 'windowHours' });
    // Fewer cancellations in a longer window is not covered by the first: both may stand.
    const other = await post(w, `${API}/findByPage/add`, {
      ...rule,
      name: '2 cancels / 48h',
      threshold: 2,
      windowHours: 48,
      enabled: false,
    });
    expect(other.envelope.code, other.body).toBe(0);
    expect(await list('findByPage')).toHaveLength(2);
  });

  it('3 cancellations black-list the member with the rule and the evidence; the operator confirms, then lifts', async () => {
    const m = await newMerchant(w, 'Cancel Co');
    const orders: string[] = [];
    for (let i = 0; i < 3; i++) {
      const o = await depositInAudit(w, m.id, `${100 + i}`, 'pending_payment');
      orders.push(o.orderNo);
      const res = await post(w, '/api/pay/depositOrder/cancel', { id: o.id, reason: `member gave up ${i}` });
      expect(res.envelope.code, res.body).toBe(0);
      const entries = await list('depositBlack', { value: 'member01' });
      expect(entries.filter((e) => e.status === 'active')).toHaveLength(i === 2 ? 1 : 0);
    }
    const cancels = await list('orderCancelRecordList', { mchNo: m.mchNo });
    expect(cancels).toHaveLength(3);
    expect(cancels[0]).toMatchObject({
      kind: 'cancelled',
      operatorName: 'admin',
      reason: 'member gave up 2',
      fromStatus: 'pending_payment',
    });

    const hits = await list('riskRuleHits', { mchNo: m.mchNo });
    expect(hits).toHaveLength(1);
    const hit = hits[0]!;
    expect(hit).toMatchObject({ subject: 'member01', count: 3, status: 'pending', entryStatus: 'active' });
    for (const no of orders) expect(String(hit.evidence)).toContain(no);

    const [entry] = (await list('depositBlack')).filter((e) => e.id === hit.listEntryId);
    expect(entry).toMatchObject({ status: 'active', source: 'rule' });
    expect(String(entry!.reason)).toContain('3 cancels / 24h');
    expect(String(entry!.reason)).toContain('3 ≥ 3');

    // Safe to evaluate again (the job): the firing is once per window.
    expect(await evaluateRiskRules(w.t.ctx)).toEqual({ fired: 0 });

    const confirmed = await post(w, `${API}/riskRuleHits/confirm`, { id: hit.id });
    expect(confirmed.envelope.code, confirmed.body).toBe(0);
    const lifted = await post(w, `${API}/depositBlack/lift`, {
      id: hit.listEntryId,
      reason: 'checked with the merchant',
    });
    expect(lifted.envelope.code, lifted.body).toBe(0);
    expect((await list('riskRuleHits', { mchNo: m.mchNo }))[0]).toMatchObject({
      status: 'confirmed',
      entryStatus: 'lifted',
    });
  });
});

describe('gift risk through the merchant API', () => {
  let mch: TestMerchant;
  const claim = (member: string, extra: Record<string, string> = {}) =>
    mchCall<Row>(w.t, mch, 'gift/claim', {
      memberAccount: member,
      amount: '18.88',
      ip: '10.1.1.1',
      ...extra,
    });

  it('allows until more members than the limit share an IP, logging every decision', async () => {
    mch = await makeMerchant(w.t);
    const cfg = await post(w, `${API}/giftRiskConfigPage/add`, {
      dimension: 'ip',
      maxAccounts: 2,
      windowHours: 24,
      enabled: true,
    });
    expect(cfg.envelope.code, cfg.body).toBe(0);
    expect((await claim('g1')).envelope.data).toMatchObject({ decision: 'allow' });
    expect((await claim('g2')).envelope.data).toMatchObject({ decision: 'allow' });
    const third = await claim('g3', {});
    expect(third.envelope.data).toMatchObject({ decision: 'deny', dimension: 'ip' });
    // The merchant reads why in its language (zh-CN, the default); the log keeps it as a
    // system text each operator reads in theirs.
    expect(third.envelope.data.reason).toBe('IP共用会员过多（会员数/上限/小时）: 3/2/24');
    // Another IP is fine.
    expect((await claim('g4', { ip: '10.9.9.9' })).envelope.data).toMatchObject({ decision: 'allow' });
    const log = await list('giftRiskLogPage', { mchNo: mch.mchNo });
    expect(log.map((r) => r.decision)).toEqual(['allow', 'deny', 'allow', 'allow']);
    expect(log.find((r) => r.decision === 'deny')?.reason).toBe('@giftShared.ip: 3/2/24');
  });

  it('refuses bad input naming the field, logging nothing', async () => {
    const res = await claim('g5', { amount: '1.005' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('amount');
    expect(await list('giftRiskLogPage', { memberAccount: 'g5' })).toHaveLength(0);
  });
});

describe('merchant risk (depositDayReportSum)', () => {
  it('flags a volume spike with a success-rate drop against the 7 days before', async () => {
    const { ctx } = w.t;
    const m = await newMerchant(w, 'Spike Co');
    const day = 86_400_000;
    // One moment for all: today's five fall in one platform day whenever the test runs (midnight can
    // pass while it writes), each quiet day whole days before it.
    const now = ctx.clock.nowMs();
    // Seven quiet days of one 100 deposit each, all successful; then today five of 1000, none paid.
    for (let d = 7; d >= 0; d--) {
      for (let i = 0; i < (d === 0 ? 5 : 1); i++) {
        const order = await ctx.db.transaction(async (tx) => {
          const { order } = await insertDepositOrder(tx, {
            merchantId: m.id,
            mchOrderNo: `SPK${d}-${i}-${Date.now()}`,
            payType: 'bank_card',
            amount: d === 0 ? '1000' : '100',
            memberAccount: `spk${i}`,
            now: new Date(now - d * day),
          });
          return order;
        });
        if (d > 0) {
          for (const step of ['submit', 'pay', 'audit'])
            await runSystemTransition(ctx, orderDepositList, step, order.id, {
              ...(step === 'submit' ? { values: { upstreamOrderNo: `U${order.orderNo}` } } : {}),
            });
          const ok = await post(w, '/api/pay/depositOrder/approve', { id: order.id }, { key: key() });
          expect(ok.envelope.code, ok.body).toBe(0);
        }
      }
    }
    expect(await rollUpMerchantRisk(ctx, 9)).toBeGreaterThan(0);
    const rows = await list('depositDayReportSum', { mchNo: m.mchNo });
    expect(rows).toHaveLength(8);
    expect(rows[0]).toMatchObject({ orders: 5, successes: 0, flag: 'both' });
    expect(rows.slice(1).every((r) => r.flag === 'normal')).toBe(true);
    const flagged = await list('depositDayReportSum', { flag: 'both' });
    expect(flagged.map((r) => r.mchNo)).toContain(m.mchNo);
  });
});

describe('finance tags', () => {
  const addTag = async (code: string, name: string, meaning: string, color: string) => {
    const tag = await post<Row>(w, `${API}/financeTabList/add`, { code, name, meaning, color });
    expect(tag.envelope.code, tag.body).toBe(0);
    return Number(tag.envelope.data.id);
  };

  it('defines a tag and puts it on a member; the member list filters by it', async () => {
    const m = await newMerchant(w, 'Tag Co');
    await w.t.ctx.db.insert(members).values({ merchantId: m.id, mchNo: m.mchNo, account: 'tagged01' });
    const id = await addTag('watch', '观察', 'Watch closely', 'orange');
    const put = await post(w, `${API}/financeTabList/assign`, {
      id,
      mchNo: m.mchNo,
      memberAccount: 'tagged01',
    });
    expect(put.envelope.code, put.body).toBe(0);
    const tagged = await post<Page>(w, '/api/member/memberList/findByPage', {
      filters: { financeTags: 'watch' },
    });
    expect(tagged.envelope.data.list.map((r) => r.account)).toEqual(['tagged01']);
    // The filter is a select of the tags by code (the options endpoint answers codes, not ids) ...
    const choices = await post<{ list: { value: unknown; label: string }[] }>(
      w,
      `${API}/financeTabList/options`,
      { q: '观察', valueField: 'code', page: 1, pageSize: 20 },
    );
    expect(choices.envelope.data.list).toEqual([{ value: 'watch', label: '观察' }]);
    const resolved = await post<{ list: { value: unknown }[] }>(w, `${API}/financeTabList/options`, {
      ids: ['watch'],
      valueField: 'code',
      page: 1,
      pageSize: 1,
    });
    expect(resolved.envelope.data.list).toEqual([{ value: 'watch', label: '观察' }]);
    // ... and the server refuses a value that is no tag, naming the field.
    const unknown = await post(w, '/api/member/memberList/findByPage', { filters: { financeTags: 'wat' } });
    expect(unknown.statusCode).toBe(400);
    expect(fieldOf(unknown)).toMatchObject({ field: 'financeTags' });
    expect((await list('financeTabList'))[0]).toMatchObject({ code: 'watch', members: 1 });
    const nobody = await post(w, `${API}/financeTabList/assign`, {
      id,
      mchNo: m.mchNo,
      memberAccount: 'ghost',
    });
    expect(fieldOf(nobody)).toMatchObject({ field: 'memberAccount' });
    const inUse = await post(w, `${API}/financeTabList/removeByIds`, { ids: [id] });
    expect(inUse.statusCode).toBe(400);
  });

  it('filters by a tag as one of the set, not as a substring of it', async () => {
    const m = await newMerchant(w, 'Tag Set Co');
    await w.t.ctx.db.insert(members).values([
      { merchantId: m.id, mchNo: m.mchNo, account: 'set-a', financeTags: 'vip,watch' },
      { merchantId: m.id, mchNo: m.mchNo, account: 'set-b', financeTags: 'watchlist' },
      { merchantId: m.id, mchNo: m.mchNo, account: 'set-c', financeTags: 'watchlist,watch' },
    ]);
    await addTag('watchlist', '观察名单', 'On the watch list', 'red');
    const accounts = async (code: string) => {
      const res = await post<Page>(w, '/api/member/memberList/findByPage', {
        filters: { financeTags: code, mchNo: m.mchNo },
      });
      expect(res.envelope.code, res.body).toBe(0);
      return res.envelope.data.list.map((r) => r.account).sort();
    };
    expect(await accounts('watch')).toEqual(['set-a', 'set-c']);
    expect(await accounts('watchlist')).toEqual(['set-b', 'set-c']);
    const counts = Object.fromEntries((await list('financeTabList')).map((r) => [r.code, r.members]));
    // tagged01 of the test before, and set-a and set-c.
    expect(counts).toMatchObject({ watch: 3, watchlist: 2 });
  });

  it("keeps each code's member count in step with the members, in bulk and one at a time", async () => {
    const db = w.t.ctx.db;
    const kept = async () =>
      Object.fromEntries(
        (
          await db.execute<{ code: string; members: number }>(
            sql`SELECT code, members FROM finance_tag_counts`,
          )
        ).rows
          .filter((r) => r.members !== 0)
          .map((r) => [r.code, r.members]),
      );
    const recount = async () =>
      Object.fromEntries(
        (
          await db.execute<{ code: string; members: number }>(sql`
            SELECT code, count(DISTINCT m.id)::int AS members
              FROM members m, unnest(string_to_array(m.finance_tags, ',')) code
             WHERE code <> '' GROUP BY code`)
        ).rows.map((r) => [r.code, r.members]),
      );
    const m = await newMerchant(w, 'Tag Count Co');
    // One statement of many members, a code twice on one member and an empty code among them.
    await db.insert(members).values([
      { merchantId: m.id, mchNo: m.mchNo, account: 'count-a', financeTags: 'bulk1,bulk2' },
      { merchantId: m.id, mchNo: m.mchNo, account: 'count-b', financeTags: 'bulk1,,bulk1' },
      { merchantId: m.id, mchNo: m.mchNo, account: 'count-c' },
    ]);
    expect(await kept()).toMatchObject({ bulk1: 2, bulk2: 1 });
    const bulk1 = await addTag('bulk1', '批量一', 'Counted in bulk', 'blue');
    const at = (memberAccount: string) => ({ id: bulk1, mchNo: m.mchNo, memberAccount });
    for (const [action, account] of [
      ['assign', 'count-c'],
      ['assign', 'count-c'], // already there: no second count
      ['unassign', 'count-a'],
    ] as const) {
      const res = await post(w, `${API}/financeTabList/${action}`, at(account));
      expect(res.envelope.code, res.body).toBe(0);
    }
    expect((await list('financeTabList', { code: 'bulk1' }))[0]).toMatchObject({ members: 2 });
    // An update that leaves the tags alone, and a member taken away with its tags.
    await db.execute(sql`UPDATE members SET city = 'Count City' WHERE mch_no = ${m.mchNo}`);
    await db.execute(sql`DELETE FROM members WHERE mch_no = ${m.mchNo} AND account = 'count-b'`);
    expect(await kept()).toMatchObject({ bulk1: 1, bulk2: 1 });
    expect(await kept()).toEqual(await recount());
  });
});
