/**
 * Matched (P2P) orders end to end through the merchant API and the console: a deposit split across two
 * pooled withdrawals (one partly matched, its rest kept in the pool), vouchers, the receiver's and the
 * operator's confirmations settling both sides once, a timeout returning its amount to the pool, and
 * the refusals (frozen member, bad vouchers, confirming a timed-out match) that leave nothing behind.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DATACENTER_SWITCHES_KEY, mchFrozenList } from '@payops/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchWaitingDeposits } from '../src/modules/match/match-retry.ts';
import { expireDueMatches } from '../src/modules/match/match-timeouts.ts';
import { voucherDir } from '../src/modules/match/voucher.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { setSetting } from '../src/platform/settings.ts';
import { statusHistory } from '../src/platform/transitions/index.ts';
import { call } from './harness.ts';
import {
  addMembers,
  type MatchWorld,
  matchByNo,
  matchedDeposit,
  matchWorld,
  merchantBalance,
  ok,
  PNG,
  pooledWithdrawal,
  poolOf,
  receiverConfirms,
  rowOf,
  signInAgain,
  voucher,
} from './match-support.ts';
import { lastLog } from './openapi-client.ts';

let w: MatchWorld;

beforeAll(async () => {
  w = await matchWorld();
  await addMembers(w, w.a, ['wa1', 'wa2', 'wa3']);
  await addMembers(w, w.b, ['pb1', 'pb2', 'pb3']);
});
afterAll(() => w.t.close());

describe('matched deposits and withdrawals', () => {
  let w1: { orderNo: string; id: number };
  let w2: { orderNo: string; id: number };
  let pieces: { matchNo: string; amount: string; withdrawOrderNo: string }[];

  it('splits a deposit across two pooled withdrawals; the partly matched one keeps its rest in the pool', async () => {
    const before = await merchantBalance(w, w.a);
    w1 = await pooledWithdrawal(w, 'wa1', '300');
    w2 = await pooledWithdrawal(w, 'wa2', '200');
    // amount + fee frozen at creation (0.5%)
    const held = await merchantBalance(w, w.a);
    expect(Number(held.frozen) - Number(before.frozen)).toBeCloseTo(502.5, 2);
    expect((await rowOf(w, 'withdraw_orders', 'id = $1', w1.id)).status).toBe('matching');
    expect((await poolOf(w, w1.orderNo)).remaining).toBe('300.00000000');
    // Its history reads in the order things happened: approved, then pooled (one transaction).
    const steps = await w.t.ctx.db
      .select({ transition: statusHistory.transition })
      .from(statusHistory)
      .where(and(eq(statusHistory.resource, 'orderTransferList'), eq(statusHistory.recordId, String(w1.id))))
      .orderBy(asc(statusHistory.id));
    expect(steps.map((x) => x.transition)).toEqual(['review', 'approve', 'enterPool']);

    const res = await matchedDeposit(w, 'pb1', '400');
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data.status).toBe('pending_payment');
    pieces = res.envelope.data.pieces;
    expect(pieces.map((p) => [p.withdrawOrderNo, p.amount])).toEqual([
      [w1.orderNo, '300.00'],
      [w2.orderNo, '100.00'],
    ]);
    expect((await poolOf(w, w1.orderNo)).remaining).toBe('0.00000000');
    expect((await poolOf(w, w2.orderNo)).remaining).toBe('100.00000000');
    // The fee shares add up to the deposit's fee (1% of 400).
    const shares = await Promise.all(pieces.map((p) => matchByNo(w, p.matchNo)));
    expect(shares.map((s) => s.deposit_fee)).toEqual(['3.00000000', '1.00000000']);
  });

  it('refuses a voucher of the wrong type or too large, storing nothing', async () => {
    const dir = voucherDir(w.t.ctx.config.dataDir);
    const files = () => (fs.existsSync(dir) ? fs.readdirSync(dir).length : 0);
    const bad = await voucher(w, pieces[0]!.matchNo, Buffer.from('<html>not an image</html>'));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('voucher');
    const big = await voucher(w, pieces[0]!.matchNo, Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1)]));
    expect(big.statusCode).toBe(400);
    expect(big.body).toContain('voucher');
    // The placement log keeps the refusal in each language (the merchant asked in zh-CN).
    expect((await lastLog(w.t)).reason).toEqual({
      'zh-CN': '请求参数有误: voucher 文件不能超过 1MB',
      'en-US': 'Invalid request: voucher must be at most 1 MB',
    });
    expect(files()).toBe(0);
    expect((await matchByNo(w, pieces[0]!.matchNo)).status).toBe('matched');
  });

  it('takes the payer vouchers: content-addressed files, the deposit paid', async () => {
    // A photographed receipt weighs hundreds of KB: anything up to the voucher limit is taken.
    const photo = Buffer.concat([PNG, Buffer.alloc(600 * 1024, 7)]);
    for (const p of pieces) {
      const res = await voucher(w, p.matchNo, photo);
      expect(res.envelope.code, res.body).toBe(0);
      expect(res.envelope.data.status).toBe('payer_paid');
    }
    const m = await matchByNo(w, pieces[0]!.matchNo);
    expect(m.voucher_type).toBe('image/png');
    expect(m.voucher_size).toBe(photo.length);
    expect(fs.existsSync(path.join(voucherDir(w.t.ctx.config.dataDir), String(m.voucher_hash)))).toBe(true);
    expect(
      (
        await rowOf(
          w,
          'deposit_orders',
          'order_no = $1',
          (
            await matchByNo(w, pieces[0]!.matchNo)
          ).deposit_order_no,
        )
      ).status,
    ).toBe('paid');
    // The operator sees the voucher behind the matches' list permission.
    const img = await w.t.app.inject({
      method: 'GET',
      url: `/api/pay/match/voucher?id=${m.id}`,
      headers: { access_token: w.admin.token, cookie: `payops_session=${w.admin.cookie}` },
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.from(img.rawPayload).equals(photo)).toBe(true);
    const anonymous = await w.t.app.inject({ method: 'GET', url: `/api/pay/match/voucher?id=${m.id}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('settles each piece once for both sides: the receiver confirms one, an operator the other', async () => {
    const a0 = await merchantBalance(w, w.a);
    const b0 = await merchantBalance(w, w.b);
    const first = await receiverConfirms(w, pieces[0]!.matchNo);
    expect(first.envelope.code, first.body).toBe(0);
    expect(first.envelope.data.status).toBe('confirmed');
    const again = await receiverConfirms(w, pieces[0]!.matchNo);
    expect(again.statusCode).toBe(409);
    const second = await matchByNo(w, pieces[1]!.matchNo);
    await ok(w, '/api/pay/match/auditConfirm', { id: Number(second.id) });

    const a1 = await merchantBalance(w, w.a);
    const b1 = await merchantBalance(w, w.b);
    // A: frozen -400 for the pieces and -1.50 for W1's own fee (W1 is done); B: +400 - 4 fee.
    expect(Number(a0.frozen) - Number(a1.frozen)).toBeCloseTo(401.5, 2);
    expect(Number(b1.available) - Number(b0.available)).toBeCloseTo(396, 2);
    expect((await matchByNo(w, pieces[0]!.matchNo)).confirmed_by).toBe('receiver');
    expect((await matchByNo(w, pieces[1]!.matchNo)).confirmed_by).toBe('operator');
    const d = await rowOf(w, 'deposit_orders', 'order_no = $1', second.deposit_order_no);
    expect(d.status).toBe('success');
    expect((await rowOf(w, 'withdraw_orders', 'id = $1', w1.id)).status).toBe('success');
    expect((await rowOf(w, 'withdraw_orders', 'id = $1', w2.id)).status).toBe('matching');
    const { rows } = await w.t.ctx.pool.query(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE ref_type = 'match'",
    );
    expect(rows[0].n).toBe(2);
  });

  it('times out a match nobody paid: its amount returns to the pool; confirming it then is refused', async () => {
    const res = await matchedDeposit(w, 'pb2', '100');
    const p = res.envelope.data.pieces[0]!;
    expect(p.withdrawOrderNo).toBe(w2.orderNo);
    expect((await poolOf(w, w2.orderNo)).remaining).toBe('0.00000000');
    w.t.ctx.clock.advance(16 * 60_000);
    await signInAgain(w);
    const expired = await expireDueMatches(w.t.ctx, w.t.ctx.clock.now());
    expect(expired.length).toBe(1);
    const m = await matchByNo(w, p.matchNo);
    expect(m.status).toBe('timeout');
    expect((await poolOf(w, w2.orderNo)).remaining).toBe('100.00000000');
    expect((await rowOf(w, 'deposit_orders', 'order_no = $1', res.envelope.data.orderNo)).status).toBe(
      'timeout',
    );
    const before = await merchantBalance(w, w.b);
    const confirm = await call(w.t, 'POST', '/api/pay/match/auditConfirm', {
      session: w.admin,
      body: { id: Number(m.id) },
      headers: { 'idempotency-key': 'late-confirm-1', 'accept-language': 'en-US' },
    });
    expect(confirm.statusCode, confirm.body).toBe(409);
    expect(confirm.body).toContain('is no longer');
    const late = await voucher(w, p.matchNo);
    expect(late.statusCode).toBe(409);
    // The payer's late voucher (and the receiver's late confirm) read on the log in each language.
    expect((await lastLog(w.t)).reason['en-US']).toMatch(/status is no longer .+ \(now: Timed out\)/);
    expect((await lastLog(w.t)).reason['zh-CN']).toContain('已超时');
    const confirmed = await receiverConfirms(w, p.matchNo);
    expect(confirmed.statusCode).toBe(409);
    expect((await lastLog(w.t)).reason['en-US']).toContain('(now: Timed out)');
    expect(await merchantBalance(w, w.b)).toEqual(before);
  });

  it('refuses to match a frozen member, creating nothing', async () => {
    await w.t.ctx.pool.query("UPDATE members SET status = 'frozen' WHERE account = 'pb3'");
    const res = await matchedDeposit(w, 'pb3', '50');
    // The risk check refuses it first (riskBlocked, on the block log), naming the member.
    expect(res.statusCode).toBe(403);
    expect(res.envelope.code).toBe(2011);
    expect(res.body).toContain('memberAccount');
    const { rows } = await w.t.ctx.pool.query(
      "SELECT count(*)::int AS n FROM deposit_orders WHERE member_account = 'pb3'",
    );
    expect(rows[0].n).toBe(0);
    // A frozen withdrawing member's entry is skipped by the engine: wa2's 100 stays.
    await w.t.ctx.pool.query("UPDATE members SET status = 'frozen' WHERE account = 'wa2'");
    const skipped = await matchedDeposit(w, 'pb1', '100');
    expect(skipped.envelope.data.status).toBe('created');
    expect(skipped.envelope.data.pieces).toEqual([]);
    await w.t.ctx.pool.query("UPDATE members SET status = 'normal' WHERE account = 'wa2'");
  });

  it("holds a pooled withdrawal back while its member's matching is frozen or its merchant is frozen", async () => {
    // pb1's 100 waits for the pool, which holds wa2's 100 alone: the retry job would pair them.
    expect((await poolOf(w, w2.orderNo)).remaining).toBe('100.00000000');
    const until = new Date(w.t.ctx.clock.nowMs() + 3_600_000).toISOString();
    const freeze = await ok<{ id: number }>(w, mchFrozenList.actions.add!.path, {
      subjectType: 'member',
      merchantId: w.a.id,
      memberAccount: 'WA2',
      freezeMatch: true,
      reason: '撮合冻结测试',
      expiresAt: until,
    });
    expect(await matchWaitingDeposits(w.t.ctx)).toBe(0);
    await ok(w, mchFrozenList.actions.lift!.path, { id: freeze.id, reason: '核实解除' });
    await ok(w, '/api/mch/mchList/freeze', { id: w.a.id, reason: '涉诉冻结' });
    expect(await matchWaitingDeposits(w.t.ctx)).toBe(0);
    // Nor can an operator match it by hand.
    const waiting = await rowOf(
      w,
      'deposit_orders',
      "family = 'match' AND status = 'created' AND member_account = 'pb1'",
    );
    const manual = await call(w.t, 'POST', '/api/pay/match/manualMatch', {
      session: w.admin,
      body: { depositOrderNo: waiting.order_no, poolId: Number((await poolOf(w, w2.orderNo)).id) },
      headers: { 'idempotency-key': 'held-manual-1', 'accept-language': 'en-US' },
    });
    expect(manual.statusCode).toBe(400);
    expect(manual.envelope.data).toMatchObject({
      fields: [{ field: 'poolId', message: expect.stringContaining('merchant is frozen') }],
    });
    await ok(w, '/api/mch/mchList/enable', { id: w.a.id });
    expect((await poolOf(w, w2.orderNo)).remaining).toBe('100.00000000');
  });

  it('manual match and force-confirm need a second operator (maker-checker)', async () => {
    // 150: more than the pool holds (wa2's 100), so the deposit waits; a new withdrawal can take it.
    const waiting = await matchedDeposit(w, 'pb2', '150');
    expect(waiting.envelope.data.status).toBe('created');
    const w3 = await pooledWithdrawal(w, 'wa3', '300');
    const entry = await poolOf(w, w3.orderNo);
    const { id } = await ok<{ id: number }>(w, '/api/pay/match/manualMatch', {
      depositOrderNo: waiting.envelope.data.orderNo,
      poolId: Number(entry.id),
    });
    expect((await rowOf(w, 'matches', 'id = $1', id)).status).toBe('proposed');
    // The header bell: waiting for the checker, not for its maker.
    const bell = async (session: typeof w.admin) => {
      const res = await call<{ groups: { kind: string; count: number }[] }>(
        w.t,
        'GET',
        '/api/dashboard/notifications',
        { session },
      );
      return res.envelope.data.groups.find((g) => g.kind === 'matchQueue')?.count;
    };
    expect(await bell(w.checker)).toBe(1);
    expect(await bell(w.admin)).toBe(0);
    expect((await poolOf(w, w3.orderNo)).remaining).toBe('150.00000000');
    const own = await call(w.t, 'POST', '/api/pay/match/approveMatch', { session: w.admin, body: { id } });
    expect(own.statusCode).toBeGreaterThanOrEqual(400);
    await ok(w, '/api/pay/match/approveMatch', { id }, w.checker);
    expect((await rowOf(w, 'matches', 'id = $1', id)).status).toBe('matched');
    await ok(w, '/api/pay/match/manualSuccess', { id, reason: 'receipt checked by phone' });
    const self = await call(w.t, 'POST', '/api/pay/match/approveManualSuccess', {
      session: w.admin,
      body: { id },
      headers: { 'idempotency-key': 'self-approve-1' },
    });
    expect(self.statusCode).toBeGreaterThanOrEqual(400);
    await ok(w, '/api/pay/match/approveManualSuccess', { id }, w.checker);
    const m = await rowOf(w, 'matches', 'id = $1', id);
    expect(m.status).toBe('confirmed');
    expect(m.entry_id).not.toBeNull();
  });

  it('refuses a rule whose max amount is below its min, naming the field', async () => {
    const res = await call(w.t, 'POST', '/api/pay/matchRule/add', {
      session: w.admin,
      body: {
        name: 'upside down',
        minAmount: '500',
        maxAmount: '100',
        mode: 'exact',
        maxWaitMinutes: 60,
        priority: 'age',
        payMinutes: 10,
        confirmMinutes: 10,
        enabled: true,
      },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('maxAmount');
    const { rows } = await w.t.ctx.pool.query(
      "SELECT count(*)::int AS n FROM match_rules WHERE name = 'upside down'",
    );
    expect(rows[0].n).toBe(0);
  });

  it('keeps the ledger sound and shows the matches on their pages', async () => {
    expect(ledgerIsSound(await verifyLedger(w.t.ctx.db))).toBe(true);
    for (const api of [
      'match',
      'matchPool',
      'matchDeposit',
      'matchTransfer',
      'matchPlaceLog',
      'matchBuy',
      'matchRule',
      'matchSplit',
    ]) {
      const list = await ok<{ list: unknown[] }>(w, `/api/pay/${api}/findByPage`, { page: 1, pageSize: 10 });
      expect(list.list.length, api).toBeGreaterThan(0);
    }
    const member = await ok<{ list: Row[] }>(w, '/api/member/matchRecordPage/findByPage', {
      page: 1,
      pageSize: 10,
      filters: { payerMember: 'pb1' },
    });
    expect(member.list.length).toBe(2);
  });

  it('matches a waiting deposit once the pool can cover it (the retry job)', async () => {
    // pb1's 100 waited while wa2 was frozen; wa2 is normal again.
    const { rows } = await w.t.ctx.pool.query(
      "SELECT id FROM deposit_orders WHERE family = 'match' AND status = 'created' AND member_account = 'pb1'",
    );
    expect(rows.length).toBe(1);
    // The MATCH switch off: the job pairs nothing and the deposit keeps waiting.
    await setSetting(w.t.ctx, DATACENTER_SWITCHES_KEY, { MATCH: false }, null);
    expect(await matchWaitingDeposits(w.t.ctx)).toBe(0);
    expect((await rowOf(w, 'deposit_orders', 'id = $1', rows[0].id)).status).toBe('created');
    await setSetting(w.t.ctx, DATACENTER_SWITCHES_KEY, {}, null);
    expect(await matchWaitingDeposits(w.t.ctx)).toBe(1);
    expect((await rowOf(w, 'deposit_orders', 'id = $1', rows[0].id)).status).toBe('pending_payment');
    expect(await matchWaitingDeposits(w.t.ctx)).toBe(0);
  });

  it('ends a partly settled pooled withdrawal for what was settled, releasing the rest and its fee; not while a match is open', async () => {
    const busy = await call(w.t, 'POST', '/api/pay/transferOrder/leavePool', {
      session: w.admin,
      body: { id: w2.id, reason: 'member cancelled' },
      headers: { 'idempotency-key': 'leave-busy-1', 'accept-language': 'en-US' },
    });
    expect(busy.statusCode).toBe(400);
    expect(busy.body).toContain('in progress');
    const w3 = await rowOf(w, 'withdraw_orders', "member_account = 'wa3' AND family = 'match'");
    // 150 of its 300 was paid through a confirmed match: it cannot be rejected as a whole.
    const rejected = await call(w.t, 'POST', '/api/pay/transferOrder/leavePool', {
      session: w.admin,
      body: { id: Number(w3.id), reason: 'member cancelled' },
      headers: { 'idempotency-key': 'leave-settled-1', 'accept-language': 'en-US' },
    });
    expect(rejected.statusCode).toBe(400);
    expect(rejected.body).toContain('150.00 settled');
    const before = await merchantBalance(w, w.a);
    await ok(w, '/api/pay/transferOrder/finishPartly', { id: Number(w3.id), reason: 'member cancelled' });
    const after = await merchantBalance(w, w.a);
    // 150 left in the pool returns, and of the 1.50 fee the unsettled half (0.75); 0.75 is charged.
    expect(Number(after.available) - Number(before.available)).toBeCloseTo(150.75, 2);
    expect(Number(before.frozen) - Number(after.frozen)).toBeCloseTo(151.5, 2);
    const ended = await rowOf(w, 'withdraw_orders', 'id = $1', w3.id);
    expect([ended.status, ended.amount, ended.fee]).toEqual(['success', '150.00000000', '0.75000000']);
    expect((await rowOf(w, 'match_pool', 'withdraw_order_id = $1', w3.id)).remaining).toBe('0.00000000');
    expect(ledgerIsSound(await verifyLedger(w.t.ctx.db))).toBe(true);
  });

  it("gives the payer the depositing merchant's match timeout when it has one, else the rule's", async () => {
    const minutesLeft = async (matchNo: string) =>
      Math.round(
        ((await matchByNo(w, matchNo)).deadline as Date).getTime() / 60_000 - w.t.ctx.clock.nowMs() / 60_000,
      );
    await addMembers(w, w.a, ['wa5']);
    await addMembers(w, w.b, ['pb5', 'pb6']);
    await pooledWithdrawal(w, 'wa5', '100');
    const byRule = await matchedDeposit(w, 'pb5', '50');
    expect(byRule.envelope.code, byRule.body).toBe(0);
    expect(await minutesLeft(byRule.envelope.data.pieces[0]!.matchNo)).toBe(15);
    // Set on mch/merchantTimeoutConfigPage for the depositing merchant.
    await ok(w, '/api/mch/merchantTimeoutConfigPage/edit', { id: w.b.id, matchTimeout: 7 });
    const own = await matchedDeposit(w, 'pb6', '50');
    expect(own.envelope.code, own.body).toBe(0);
    expect(await minutesLeft(own.envelope.data.pieces[0]!.matchNo)).toBe(7);
  });
});

type Row = Record<string, unknown>;
