/**
 * Background jobs: each first job's handler on real rows (idempotency keys, sign-in nonces, pending
 * adjustments and their hold), the schedules the runner registers, and a job that throws being
 * logged and retried until it succeeds. Only this file (and the scale-out test) starts pg-boss.
 */
import { mchAdjust, systemText } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allJobs } from '../src/jobs.ts';
import { adjustExpiryJob } from '../src/modules/mch/adjust-expiry.ts';
import { merchantAdjustments, merchants } from '../src/modules/mch/schema.ts';
import { authNonces } from '../src/modules/sys/schema.ts';
import { idempotencyKeys } from '../src/platform/idempotency.schema.ts';
import { cleanIdempotencyKeys, cleanSignInNonces } from '../src/platform/jobs/clean-up.ts';
import { defineJob } from '../src/platform/jobs/registry.ts';
import { type JobRunner, startJobs } from '../src/platform/jobs/runner.ts';
import {
  ensureAccount,
  findAccount,
  ledgerEntries,
  ledgerIsSound,
  platformAccount,
  postEntry,
  verifyLedger,
} from '../src/platform/ledger/index.ts';
import { setSetting } from '../src/platform/settings.ts';
import { runSystemTransition } from '../src/platform/transitions/index.ts';
import { createTestApp, secondInstance, type TestApp } from './harness.ts';

let t: TestApp;
const HOUR = 3_600_000;

/** A logger that keeps what was logged at error level. */
function recordingLog() {
  const errors: { obj: Record<string, unknown>; msg: string }[] = [];
  const noop = () => {};
  const log = {
    error: (obj: Record<string, unknown>, msg: string) => errors.push({ obj, msg }),
    warn: noop,
    info: noop,
    debug: noop,
    trace: noop,
    fatal: noop,
    child: () => log,
    level: 'error',
    silent: noop,
  };
  return { log: log as unknown as FastifyBaseLogger, errors };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('job handlers', () => {
  it('deletes idempotency keys past 24 hours and keeps newer ones', async () => {
    const now = t.ctx.clock.nowMs();
    await t.ctx.db.insert(idempotencyKeys).values([
      {
        operatorId: 1,
        key: 'old-key-1',
        route: 'POST /x',
        requestHash: 'h',
        createdAt: new Date(now - 25 * HOUR),
      },
      {
        operatorId: 1,
        key: 'new-key-1',
        route: 'POST /x',
        requestHash: 'h',
        createdAt: new Date(now - HOUR),
      },
    ]);
    expect(await cleanIdempotencyKeys(t.ctx)).toBe(1);
    const left = await t.ctx.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(left.map((r) => r.key)).toEqual(['new-key-1']);
  });

  it('deletes expired sign-in nonces only', async () => {
    const now = t.ctx.clock.nowMs();
    await t.ctx.db.delete(authNonces);
    await t.ctx.db.insert(authNonces).values([
      { nonce: 'spent', expiresAt: new Date(now - 1000) },
      { nonce: 'live', expiresAt: new Date(now + 60_000) },
    ]);
    expect(await cleanSignInNonces(t.ctx)).toBe(1);
    expect((await t.ctx.db.select().from(authNonces)).map((r) => r.nonce)).toEqual(['live']);
  });

  it('expires pending adjustments older than the setting and releases the funds they hold', async () => {
    const [m] = await t.ctx.db
      .insert(merchants)
      .values({ mchNo: 'M90000001', name: 'expiry', secretEnc: 'x', secretHint: 'xxxx' })
      .returning();
    const now = t.ctx.clock.nowMs();
    const adj = (createdAt: number, status: 'pending' | 'executed') => ({
      merchantId: m!.id,
      mchNo: m!.mchNo,
      type: 'debit' as const,
      amount: '60.00',
      reason: 'test',
      status,
      makerId: 1,
      makerName: 'admin',
      createdAt: new Date(createdAt),
    });
    const [stale, fresh, done] = await t.ctx.db
      .insert(merchantAdjustments)
      .values([
        adj(now - 73 * HOUR, 'pending'),
        adj(now - HOUR, 'pending'),
        adj(now - 100 * HOUR, 'executed'),
      ])
      .returning();
    await fundAndHold(m!, stale!.id);
    await setSetting(t.ctx, 'adjustApprovalExpiryHours', 72, 1);
    expect(await adjustExpiryJob.handler(t.ctx, {})).toEqual({ expired: 1 });

    const rows = await t.ctx.db
      .select()
      .from(merchantAdjustments)
      .where(eq(merchantAdjustments.merchantId, m!.id));
    const status = Object.fromEntries(rows.map((r) => [r.id, [r.status, r.checkerName]]));
    expect(status[stale!.id]).toEqual(['expired', systemText('system')]);
    expect(status[fresh!.id]).toEqual(['pending', null]);
    expect(status[done!.id]).toEqual(['executed', null]);
    const account = await findAccount(t.ctx.db, { ownerType: 'merchant', ownerId: m!.id });
    expect([account?.available, account?.frozen].map(Number)).toEqual([100, 0]);
    // Run again: nothing more to expire, nothing reversed twice.
    expect(await adjustExpiryJob.handler(t.ctx, {})).toEqual({ expired: 0 });
    expect(ledgerIsSound(await verifyLedger(t.ctx.db))).toBe(true);
  });

  it("runs a system transition with its own app's hooks, not those of an app built after it", async () => {
    const [m] = await t.ctx.db
      .insert(merchants)
      .values({ mchNo: 'M90000002', name: 'two apps', secretEnc: 'x', secretHint: 'xxxx' })
      .returning();
    const [adj] = await t.ctx.db
      .insert(merchantAdjustments)
      .values({
        merchantId: m!.id,
        mchNo: m!.mchNo,
        type: 'debit',
        amount: '60.00',
        reason: 'test',
        status: 'pending',
        makerId: 1,
        makerName: 'admin',
        createdAt: new Date(t.ctx.clock.nowMs() - HOUR),
      })
      .returning();
    await fundAndHold(m!, adj!.id);
    // Another app in this process (as the scale-out test builds), its clock 30 days ahead: the release
    // posting is stamped by the hooks' app clock, so it tells whose hooks ran.
    const other = await secondInstance(t);
    try {
      other.ctx.clock.advance(30 * 24 * HOUR);
      await runSystemTransition(t.ctx, mchAdjust, 'expire', adj!.id);
    } finally {
      await other.close();
    }
    const [release] = await t.ctx.db
      .select({ at: ledgerEntries.createdAt })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.refId, `ADJ${adj!.id}`), eq(ledgerEntries.event, 'release')));
    expect(Math.abs(release!.at.getTime() - t.ctx.clock.nowMs())).toBeLessThan(HOUR);
  });
});

/** Funds the merchant with 100.00 and holds 60.00 for the adjustment (what a maker's pending debit freezes). */
async function fundAndHold(m: { id: number; mchNo: string }, adjustmentId: number) {
  await t.ctx.db.transaction(async (tx) => {
    const account = await ensureAccount(tx, {
      ownerType: 'merchant',
      ownerId: m.id,
      ownerCode: m.mchNo,
      merchantId: m.id,
    });
    const contra = await platformAccount(tx, 'adjustments');
    await postEntry(tx, {
      kind: 'adjust_credit',
      refType: 'seed',
      refId: `seed-${m.mchNo}`,
      legs: [
        { accountId: account.id, amount: '100.00' },
        { accountId: contra.id, amount: '-100.00' },
      ],
    });
    const hold = await postEntry(tx, {
      kind: 'freeze',
      refType: 'merchant_adjustment',
      refId: `ADJ${adjustmentId}`,
      event: 'hold',
      legs: [{ accountId: account.id, amount: '-60.00', frozenAmount: '60.00' }],
    });
    await tx
      .update(merchantAdjustments)
      .set({ holdEntryId: hold.entryId })
      .where(eq(merchantAdjustments.id, adjustmentId));
  });
}

describe('the runner', () => {
  let runner: JobRunner;
  const { log, errors } = recordingLog();
  let attempts = 0;
  const thrower = defineJob({
    name: 'test-thrower',
    retry: { limit: 3, delaySeconds: 1, backoff: true },
    handler: async () => {
      attempts += 1;
      if (attempts < 3) throw new Error(`flaky ${attempts}`);
      return { ok: attempts };
    },
  });

  beforeAll(async () => {
    runner = await startJobs(t.ctx, [...allJobs, thrower], log, { pollSeconds: 0.5, cronSeconds: 1 });
  });
  afterAll(async () => {
    await runner?.stop();
  });

  it('registers every scheduled job with its cron', async () => {
    const schedules = await runner.boss.getSchedules();
    const scheduled = Object.fromEntries(schedules.map((s) => [s.name, s.cron]));
    for (const job of allJobs) expect(scheduled[job.name], job.name).toBe(job.schedule);
  });

  it('logs a job that throws and retries it with back-off until it succeeds', async () => {
    const id = await runner.send('test-thrower');
    const job = await until('the thrower to complete', async () => {
      const j = await runner.boss.getJobById<object>('test-thrower', id!, { includeArchive: true });
      return j && (j.state === 'completed' || j.state === 'failed') ? j : undefined;
    });
    expect(job.state).toBe('completed');
    expect(job.retryCount).toBe(2);
    expect(attempts).toBe(3);
    expect(errors.map((e) => e.msg)).toEqual(['job failed; 3 retries left', 'job failed; 2 retries left']);
    expect(errors[0]!.obj).toMatchObject({ job: 'test-thrower', attempt: 1 });
  });
});
