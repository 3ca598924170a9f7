/**
 * Two app instances (buildApp twice) on one database, as behind a load balancer: a session made on
 * one works on the other, a revoked session is refused by both at once (no instance caches it),
 * each scheduled job runs once across both, and the audit chains written by both verify.
 */
import { ErrorCode } from '@payops/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAINS, verifyChain } from '../src/platform/audit.ts';
import { defineJob } from '../src/platform/jobs/registry.ts';
import { type JobRunner, startJobs } from '../src/platform/jobs/runner.ts';
import { endOperatorSessions } from '../src/platform/sessions.ts';
import {
  call,
  createTestApp,
  type Session,
  secondInstance,
  signIn,
  signInAdmin,
  type TestApp,
} from './harness.ts';

let a: TestApp;
let b: TestApp;
const LIST = '/api/sys/blackIp/findByPage';

beforeAll(async () => {
  a = await createTestApp();
  b = await secondInstance(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const listOn = (t: TestApp, session: Session) => call(t, 'POST', LIST, { session, body: {} });

describe('sessions across instances', () => {
  it('a session signed in on one instance works on the other', async () => {
    const session = await signInAdmin(a);
    expect((await listOn(b, session)).envelope.code).toBe(0);
    expect((await listOn(a, session)).envelope.code).toBe(0);
  });

  it('a session ended on one instance is refused by both at once', async () => {
    const session = await signInAdmin(b);
    expect((await listOn(a, session)).envelope.code).toBe(0);
    expect((await call(a, 'POST', '/api/logout', { session })).envelope.code).toBe(0);
    expect((await listOn(b, session)).envelope.code).toBe(ErrorCode.sessionEnded);
    expect((await listOn(a, session)).envelope.code).toBe(ErrorCode.sessionEnded);
  });

  it("ending an operator's sessions on one instance (disable, password change) ends them on both", async () => {
    const session = await signIn(a, 'admin', a.adminPassword);
    expect((await listOn(b, session)).envelope.code).toBe(0);
    await endOperatorSessions(b.ctx, 1, 'disabled');
    expect((await listOn(a, session)).envelope.code).toBe(ErrorCode.sessionEnded);
    expect((await listOn(b, session)).envelope.code).toBe(ErrorCode.sessionEnded);
  });
});

describe('jobs across instances', () => {
  const runs: { job: string; instance: string; minute: number }[] = [];
  const runners: JobRunner[] = [];
  const jobs = ['scale-out-first', 'scale-out-second'];

  beforeAll(async () => {
    // Cron slots are minutes: begin early in one, so the window below mostly stays inside it (a slow
    // start that crosses into the next minute runs each job once more, in that slot: allowed below).
    const second = new Date().getUTCSeconds();
    if (second > 35) await new Promise((r) => setTimeout(r, (61 - second) * 1000));
    for (const [instance, t] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const defs = jobs.map((name) =>
        defineJob({
          name,
          schedule: '* * * * *',
          retry: { limit: 1, delaySeconds: 1, backoff: false },
          handler: async () => {
            runs.push({ job: name, instance, minute: Math.floor(Date.now() / 60_000) });
          },
        }),
      );
      runners.push(await startJobs(t.ctx, defs, t.app.log, { pollSeconds: 0.5, cronSeconds: 1 }));
    }
  }, 90_000);
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.stop()));
  });

  it('runs each scheduled job once per cron slot, on one of the two instances', async () => {
    const end = Date.now() + 15_000;
    while (runs.length < jobs.length && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
    // Both instances keep looking at the schedule meanwhile; neither may run a job a second time.
    await new Promise((r) => setTimeout(r, 4000));
    // Each job ran, and never twice in one cron slot (two instances each running it would).
    expect([...new Set(runs.map((r) => r.job))].sort()).toEqual([...jobs].sort());
    const slots = runs.map((r) => `${r.job}@${r.minute}`);
    expect(slots).toEqual([...new Set(slots)]);
  }, 30_000);
});

describe('audit across instances', () => {
  it('the chains written by both instances at the same time verify', async () => {
    const [sa, sb] = [await signInAdmin(a), await signInAdmin(b)];
    const added = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(i % 2 ? a : b, 'POST', '/api/sys/blackIp/add', {
          session: i % 2 ? sa : sb,
          body: { cidr: `203.0.113.${i + 1}`, remark: `instance ${i % 2 ? 'a' : 'b'}` },
        }),
      ),
    );
    expect(added.map((r) => r.envelope.code)).toEqual(Array(10).fill(0));
    for (const chain of CHAINS) {
      const report = await verifyChain(a.ctx.db, chain);
      expect(report.brokenAt, chain).toBeUndefined();
      expect(report.rows, chain).toBeGreaterThan(0);
    }
  });
});
