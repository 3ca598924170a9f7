/**
 * The transition registrar through its routes (issue 9): every transition path of /mch and /member
 * with bad input (wrong state, missing reason, missing Idempotency-Key, too many decimals, unknown
 * id) answering a clear 4xx in the operator's language with nothing changed; a race of parallel
 * approvals with exactly one effect; a pending debit holding its amount; an audit row that cannot be
 * written undoing the business change (issue 18 section 2); the sharded audit chain still verifying.
 */
import { ErrorCode, mchAdjust, systemText } from '@payops/contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantAdjustments, merchants } from '../src/modules/mch/schema.ts';
import { members } from '../src/modules/member/schema.ts';
import { resources } from '../src/modules/sys/schema.ts';
import { verifyChain } from '../src/platform/audit.ts';
import { findAccount, ledgerIsSound, ledgerPostings, verifyLedger } from '../src/platform/ledger/index.ts';
import { setSetting } from '../src/platform/settings.ts';
import { runSystemTransition, statusHistory } from '../src/platform/transitions/index.ts';
import {
  ageAdjustments,
  call,
  createOperator,
  createTestApp,
  type Session,
  signIn,
  signInAdmin,
  type TestApp,
} from './harness.ts';

type Row = Record<string, unknown>;

let t: TestApp;
let admin: Session;
let checker: Session;
let keys = 0;
const key = () => `tr-key-${++keys}-${Date.now()}`;

const CODE_FREE = ['mch.mchList.adjust', 'mch.mchList.approve', 'mch.mchList.freeze'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  await createOperator(t, 'checker', 'Checker12345', ['admin']);
  checker = await signIn(t, 'checker', 'Checker12345');
  // Codes have their own tests (mch.test.ts, totp.test.ts); here many calls run in parallel.
  for (const permission of CODE_FREE)
    await t.ctx.db.update(resources).set({ needsCode: false }).where(eq(resources.permission, permission));
  await setSetting(t.ctx, 'adjustApprovalThreshold', '100', 1);
});
afterAll(async () => {
  const report = await verifyLedger(t.ctx.db);
  expect(ledgerIsSound(report), JSON.stringify(report)).toBe(true);
  await t.close();
});

const post = <T = Row>(
  path: string,
  body: unknown,
  opts: { session?: Session; key?: string; en?: boolean } = {},
) =>
  call<T>(t, 'POST', path, {
    session: opts.session ?? admin,
    body,
    headers: {
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
      ...(opts.en ? { 'accept-language': 'en-US' } : {}),
    },
  });

async function newMerchant(name: string): Promise<{ id: number; mchNo: string }> {
  const res = await post<Row>('/api/mch/mchList/add', { name, depositRate: '0.01', withdrawRate: '0.01' });
  expect(res.envelope.code, res.body).toBe(0);
  return { id: Number(res.envelope.data.id), mchNo: String(res.envelope.data.mchNo) };
}

async function balances(merchantId: number) {
  const a = await findAccount(t.ctx.db, { ownerType: 'merchant', ownerId: merchantId });
  return { available: Number(a?.available ?? 0), frozen: Number(a?.frozen ?? 0) };
}

async function historyOf(resource: string, id: number) {
  return t.ctx.db
    .select()
    .from(statusHistory)
    .where(and(eq(statusHistory.resource, resource), eq(statusHistory.recordId, String(id))));
}

const statusOf = async (id: number) =>
  (await t.ctx.db.select({ s: merchants.status }).from(merchants).where(eq(merchants.id, id)))[0]!.s;

async function adjustRequest(merchantId: number, type: string, amount: string) {
  const res = await post<Row>(
    '/api/mch/mchList/adjust',
    { id: merchantId, type, amount, reason: `${type} ${amount}` },
    { key: key() },
  );
  expect(res.envelope.code, res.body).toBe(0);
  // The tests fund merchants in steps at the threshold: each judged alone, not as the maker's day.
  await ageAdjustments(t);
  return res.envelope.data;
}

describe('merchant lifecycle', () => {
  it('freezes with a reason: one status-history row and one audit row, both in the transaction', async () => {
    const m = await newMerchant('Lifecycle Co');
    const res = await post('/api/mch/mchList/freeze', { id: m.id, reason: '风控调查' });
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data).toEqual({ id: m.id, from: 'enabled', to: 'frozen', effect: null });
    const history = await historyOf('mchList', m.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      transition: 'freeze',
      fromStatus: 'enabled',
      toStatus: 'frozen',
      operatorName: 'admin',
      reason: '风控调查',
    });
    const { rows } = await t.ctx.db.execute<{ detail: Row; n: string }>(
      sql`SELECT detail FROM operation_log WHERE object_type = 'mchList' AND object_id = ${String(m.id)}
            AND action = 'mch.mchList.freeze'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.detail).toMatchObject({ before: { status: 'enabled' }, after: { status: 'frozen' } });
  });

  it('a race of 10 parallel freezes (lock, check and change in one statement): one wins, the others are told why', async () => {
    const m = await newMerchant('Freeze Race Co');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/mch/mchList/freeze', { id: m.id, reason: '并发冻结' })),
    );
    const codes = answers.map((a) => a.envelope.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === ErrorCode.conflict)).toHaveLength(9);
    const refused = answers.find((a) => a.envelope.code === ErrorCode.conflict)!;
    expect(refused.body).toContain('status');
    expect(await historyOf('mchList', m.id)).toHaveLength(1);
  });

  it('refuses bad input with a 4xx naming the field in the operator language, and changes nothing', async () => {
    const m = await newMerchant('Bad Input Co');
    const cases: [string, unknown, number, string, boolean?][] = [
      ['/api/mch/mchList/freeze', { id: m.id }, ErrorCode.badRequest, 'reason 不能为空'],
      ['/api/mch/mchList/freeze', { id: m.id }, ErrorCode.badRequest, 'reason is required', true],
      ['/api/mch/mchList/freeze', { id: m.id, reason: 'x' }, ErrorCode.badRequest, 'reason'],
      ['/api/mch/mchList/freeze', { id: m.id, reason: 'ok ok', status: 'x' }, ErrorCode.badRequest, 'status'],
      [
        '/api/mch/mchList/enable',
        { id: m.id },
        ErrorCode.conflict,
        '已不是「停用 / 冻结」状态（当前：启用）',
      ],
      ['/api/mch/mchList/enable', { id: m.id }, ErrorCode.conflict, 'is no longer Disabled / Frozen', true],
      ['/api/mch/mchList/disable', { id: 999_999, reason: 'gone' }, ErrorCode.notFound, ''],
      ['/api/mch/mchList/disable', { id: 2 ** 53, reason: 'huge' }, ErrorCode.badRequest, 'id'],
    ];
    for (const [path, body, code, text, en] of cases) {
      const res = await post(path, body, { en });
      expect(res.envelope.code, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(code);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.envelope.msg).toContain(text);
    }
    expect(await statusOf(m.id)).toBe('enabled');
    expect(await historyOf('mchList', m.id)).toHaveLength(0);
  });
});

describe('member lifecycle', () => {
  it('freezes with a reason, refuses a second freeze, unfreezes', async () => {
    const m = await newMerchant('Member Co');
    const [member] = await t.ctx.db
      .insert(members)
      .values({ merchantId: m.id, mchNo: m.mchNo, account: 'tr0001' })
      .returning();
    const id = member!.id;
    expect((await post('/api/member/memberList/freeze', { id })).envelope.code).toBe(ErrorCode.badRequest);
    expect((await post('/api/member/memberList/freeze', { id, reason: '可疑交易' })).envelope.code).toBe(0);
    const twice = await post('/api/member/memberList/freeze', { id, reason: '可疑交易' }, { en: true });
    expect(twice.envelope.code).toBe(ErrorCode.conflict);
    expect(twice.envelope.msg).toContain('is no longer Normal (now: Frozen)');
    expect((await post('/api/member/memberList/unfreeze', { id })).envelope.code).toBe(0);
    expect((await historyOf('memberList', id)).map((h) => h.toStatus)).toEqual(['frozen', 'normal']);
  });
});

describe('balance adjustments', () => {
  it('the request needs an Idempotency-Key and an amount with at most 2 decimals', async () => {
    const m = await newMerchant('Key Co');
    const body = { id: m.id, type: 'credit', amount: '10', reason: 'no key' };
    const noKey = await post('/api/mch/mchList/adjust', body, { en: true });
    expect(noKey.envelope.code).toBe(ErrorCode.badRequest);
    expect(noKey.envelope.msg).toContain('Idempotency-Key is required');
    const decimals = await post('/api/mch/mchList/adjust', { ...body, amount: '1.005' }, { key: key() });
    expect(decimals.envelope.code).toBe(ErrorCode.badRequest);
    expect(decimals.envelope.msg).toContain('amount 最多2位小数');
    const foreign = await post('/api/mch/mchList/adjust', { ...body, id: 987_654 }, { key: key() });
    expect(foreign.envelope.code).toBe(ErrorCode.notFound);
    expect(await balances(m.id)).toEqual({ available: 0, frozen: 0 });
    expect(
      await t.ctx.db.select().from(merchantAdjustments).where(eq(merchantAdjustments.merchantId, m.id)),
    ).toEqual([]);
  });

  it('a pending debit holds its amount; rejecting releases it; approving debits the frozen amount', async () => {
    const m = await newMerchant('Hold Co');
    await adjustRequest(m.id, 'credit', '100');
    const big = await adjustRequest(m.id, 'credit', '1000');
    expect(big).toMatchObject({ status: 'pending', available: '100.00000000' });
    const approved = await post<Row>(
      '/api/mch/adjust/approve',
      { id: big.adjustmentId },
      { session: checker, key: key() },
    );
    expect(approved.envelope.code, approved.body).toBe(0);
    expect(await balances(m.id)).toEqual({ available: 1100, frozen: 0 });

    const debit = await adjustRequest(m.id, 'debit', '300');
    expect(debit).toMatchObject({ status: 'pending', available: '800.00000000', frozen: '300.00000000' });
    const noReason = await post(
      '/api/mch/adjust/reject',
      { id: debit.adjustmentId },
      { session: checker, key: key() },
    );
    expect(noReason.envelope.code).toBe(ErrorCode.badRequest);
    expect(noReason.envelope.msg).toContain('reason');
    const rejected = await post(
      '/api/mch/adjust/reject',
      { id: debit.adjustmentId, reason: '金额有误' },
      {
        session: checker,
        key: key(),
      },
    );
    expect(rejected.envelope.code, rejected.body).toBe(0);
    expect(await balances(m.id)).toEqual({ available: 1100, frozen: 0 });

    const debit2 = await adjustRequest(m.id, 'debit', '300');
    await post('/api/mch/adjust/approve', { id: debit2.adjustmentId }, { session: checker, key: key() });
    expect(await balances(m.id)).toEqual({ available: 800, frozen: 0 });

    const freeze = await adjustRequest(m.id, 'freeze', '200');
    expect(await balances(m.id)).toEqual({ available: 600, frozen: 200 });
    await post('/api/mch/adjust/approve', { id: freeze.adjustmentId }, { session: checker, key: key() });
    expect(await balances(m.id)).toEqual({ available: 600, frozen: 200 });

    const short = await post(
      '/api/mch/mchList/adjust',
      { id: m.id, type: 'debit', amount: '700', reason: 'too much' },
      {
        key: key(),
      },
    );
    expect(short.envelope.code).toBe(ErrorCode.badRequest);
    expect(short.envelope.msg).toContain('amount');
    expect(await balances(m.id)).toEqual({ available: 600, frozen: 200 });

    const log = await post<{ list: Row[] }>('/api/mch/fund_log/findByPage', {
      filters: { refId: `ADJ${debit2.adjustmentId}`, kind: 'adjust_debit' },
    });
    expect(log.envelope.data.list[0]).toMatchObject({ requesterName: 'admin', approverName: 'checker' });
  });

  it('expiry (a job) releases the hold like a rejection', async () => {
    const m = await newMerchant('Expire Co');
    await adjustRequest(m.id, 'credit', '100');
    await adjustRequest(m.id, 'credit', '100');
    const debit = await adjustRequest(m.id, 'debit', '150');
    expect(await balances(m.id)).toEqual({ available: 50, frozen: 150 });
    const o = await runSystemTransition(t.ctx, mchAdjust, 'expire', debit.adjustmentId);
    expect(o.after.status).toBe('expired');
    expect(await balances(m.id)).toEqual({ available: 200, frozen: 0 });
    const [h] = await historyOf('mchAdjust', Number(debit.adjustmentId));
    expect(h).toMatchObject({ transition: 'expire', operatorName: systemText('system'), operatorId: null });
    // Decided meanwhile: a second expiry is refused and moves nothing.
    await expect(runSystemTransition(t.ctx, mchAdjust, 'expire', debit.adjustmentId)).rejects.toThrow();
    expect(await balances(m.id)).toEqual({ available: 200, frozen: 0 });
  });

  it('the maker cannot approve or reject their own request; bad decisions change nothing', async () => {
    const m = await newMerchant('Maker Co');
    await adjustRequest(m.id, 'credit', '100');
    await adjustRequest(m.id, 'credit', '100');
    const { adjustmentId: id } = await adjustRequest(m.id, 'debit', '150');
    const cases: [Session, string, Row, string | undefined, number, string][] = [
      [admin, 'approve', { id }, key(), ErrorCode.badRequest, '发起人不能复核自己的申请'],
      [
        admin,
        'reject',
        { id, reason: '我自己撤回' },
        key(),
        ErrorCode.badRequest,
        '发起人不能复核自己的申请',
      ],
      [checker, 'approve', { id }, undefined, ErrorCode.badRequest, 'Idempotency-Key'],
      [checker, 'approve', { id: 99_999 }, key(), ErrorCode.notFound, ''],
      [checker, 'approve', { id, amount: '1' }, key(), ErrorCode.badRequest, 'amount'],
    ];
    for (const [session, action, body, k, code, text] of cases) {
      const res = await post(`/api/mch/adjust/${action}`, body, { session, key: k });
      expect(res.envelope.code, res.body).toBe(code);
      expect(res.envelope.msg).toContain(text);
    }
    expect(await balances(m.id)).toEqual({ available: 50, frozen: 150 });
    expect(await historyOf('mchAdjust', Number(id))).toHaveLength(0);
  });

  it('a race of 10 parallel approvals: exactly one wins, one history row, one journal entry', async () => {
    const m = await newMerchant('Race Co');
    await adjustRequest(m.id, 'credit', '100');
    await adjustRequest(m.id, 'credit', '100');
    const { adjustmentId: id } = await adjustRequest(m.id, 'debit', '180');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/mch/adjust/approve', { id }, { session: checker, key: key() }),
      ),
    );
    const codes = answers.map((a) => a.envelope.code);
    expect(
      codes.filter((c) => c === 0),
      answers.map((a) => a.body).join('\n'),
    ).toHaveLength(1);
    expect(codes.filter((c) => c === ErrorCode.conflict)).toHaveLength(9);
    expect(await historyOf('mchAdjust', Number(id))).toHaveLength(1);
    const [debits] = await t.ctx.db
      .select({ n: count() })
      .from(ledgerPostings)
      .where(and(eq(ledgerPostings.refId, `ADJ${id}`), eq(ledgerPostings.kind, 'adjust_debit')));
    expect(debits!.n).toBe(2);
    expect(await balances(m.id)).toEqual({ available: 20, frozen: 0 });
  });
});

describe('the audit row is part of the business transaction (issue 18, section 2)', () => {
  it('when the audit row cannot be written, the balance, the adjustment and the status stay unchanged', async () => {
    const m = await newMerchant('Audit Fault Co');
    await adjustRequest(m.id, 'credit', '100');
    await adjustRequest(m.id, 'credit', '100');
    const pending = await adjustRequest(m.id, 'debit', '150');
    const [member] = await t.ctx.db
      .insert(members)
      .values({ merchantId: m.id, mchNo: m.mchNo, account: 'tr-fault' })
      .returning();
    // The injected fault: the database refuses any success row carrying the marker (failure rows,
    // written by the guard afterwards, still go in).
    await t.ctx.pool.query(`
      CREATE FUNCTION audit_fault() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.result = 'success' AND NEW.detail::text LIKE '%audit-must-fail%' THEN
          RAISE EXCEPTION 'injected audit failure';
        END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER audit_fault BEFORE INSERT ON operation_log FOR EACH ROW EXECUTE FUNCTION audit_fault();`);
    try {
      const before = await balances(m.id);
      const adjustments = await t.ctx.db
        .select({ n: count() })
        .from(merchantAdjustments)
        .where(eq(merchantAdjustments.merchantId, m.id));
      const attempts = [
        post(
          '/api/mch/mchList/adjust',
          { id: m.id, type: 'credit', amount: '5', reason: 'audit-must-fail' },
          {
            key: key(),
          },
        ),
        post('/api/mch/mchList/freeze', { id: m.id, reason: 'audit-must-fail' }),
        post(
          '/api/mch/adjust/reject',
          { id: pending.adjustmentId, reason: 'audit-must-fail' },
          {
            session: checker,
            key: key(),
          },
        ),
        post('/api/member/memberList/freeze', { id: member!.id, reason: 'audit-must-fail' }),
        post(
          '/api/member/memberList/adjustPoints',
          { id: member!.id, points: '10', reason: 'audit-must-fail' },
          {
            key: key(),
          },
        ),
        // Plain CRUD: an edit whose audit row fails leaves the row as it was.
        post('/api/mch/mchList/edit', { id: m.id, remark: 'audit-must-fail' }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.envelope.code, res.body).not.toBe(0);
        expect(res.body).not.toContain('operation_log');
      }
      expect(await balances(m.id)).toEqual(before);
      expect(
        await t.ctx.db
          .select({ n: count() })
          .from(merchantAdjustments)
          .where(eq(merchantAdjustments.merchantId, m.id)),
      ).toEqual(adjustments);
      expect(await statusOf(m.id)).toBe('enabled');
      const [merchant] = await t.ctx.db.select().from(merchants).where(eq(merchants.id, m.id));
      expect(merchant!.remark).toBe('');
      const [adj] = await t.ctx.db
        .select()
        .from(merchantAdjustments)
        .where(eq(merchantAdjustments.id, Number(pending.adjustmentId)));
      expect(adj!.status).toBe('pending');
      const [mem] = await t.ctx.db.select().from(members).where(eq(members.id, member!.id));
      expect(mem!.status).toBe('normal');
      expect(await historyOf('mchList', m.id)).toHaveLength(0);
      const points = await findAccount(t.ctx.db, {
        ownerType: 'member',
        ownerId: member!.id,
        currency: 'PTS',
      });
      expect(Number(points?.available ?? 0)).toBe(0);
    } finally {
      await t.ctx.pool.query('DROP TRIGGER audit_fault ON operation_log; DROP FUNCTION audit_fault();');
    }
  });

  it('the operation log stays one verifiable chain per shard, spread over several shards', async () => {
    const report = await verifyChain(t.ctx.db, 'operation_log');
    expect(report.brokenAt).toBeUndefined();
    const { rows } = await t.ctx.pool.query('SELECT count(DISTINCT shard)::int AS n FROM operation_log');
    expect(rows[0].n).toBeGreaterThan(3);
  });
});
