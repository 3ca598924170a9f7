/**
 * Runs the job registry on pg-boss over the app's own pool. Every instance works every queue; pg-boss
 * hands each job to one worker (SKIP LOCKED) and sends a scheduled job once per cron slot across
 * instances. A handler that throws is logged and retried with back-off; after its last retry the job
 * stays in pg-boss's tables as failed (never dropped silently).
 */
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { AppContext } from '../context.ts';
import type { JobDef } from './registry.ts';

export interface JobRunner {
  boss: PgBoss;
  /** Sends one job now (what the schedule does at its time). */
  send(name: string, data?: object): Promise<string | null>;
  stop(): Promise<void>;
}

export interface RunnerOptions {
  /** Seconds between polls of a queue (tests shorten it). */
  pollSeconds?: number;
  /** Seconds between looks at the cron table (tests shorten it). */
  cronSeconds?: number;
}

export async function startJobs(
  ctx: AppContext,
  jobs: readonly JobDef[],
  log: FastifyBaseLogger,
  options: RunnerOptions = {},
): Promise<JobRunner> {
  const poll = options.pollSeconds ?? 2;
  // What still uses the pool: running handlers and pg-boss's own statements (stop waits for both).
  const inFlight = new Set<Promise<unknown>>();
  const tracked = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => tracked(ctx.pool.query(text, values)) },
    schema: 'pgboss',
    cronMonitorIntervalSeconds: options.cronSeconds ?? 30,
    cronWorkerIntervalSeconds: Math.max(1, poll),
    // Failed jobs are kept two weeks for inspection.
    deleteAfterDays: 14,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      // One waiting and one running at most: a slow run is not piled on by the next schedule slot.
      policy: 'stately',
      retryLimit: job.retry.limit,
      retryDelay: job.retry.delaySeconds,
      retryBackoff: job.retry.backoff,
    });
    await boss.work(job.name, { pollingIntervalSeconds: poll, includeMetadata: true }, async ([one]) => {
      if (!one) return;
      try {
        return await tracked(job.handler(ctx, (one.data ?? {}) as object));
      } catch (err) {
        const left = one.retryLimit - one.retryCount;
        log.error(
          { err, job: job.name, id: one.id, attempt: one.retryCount + 1 },
          left > 0 ? `job failed; ${left} retr${left === 1 ? 'y' : 'ies'} left` : 'job failed; no retry left',
        );
        throw err;
      }
    });
    if (job.schedule) await boss.schedule(job.name, job.schedule, {}, { tz: 'UTC' });
    else await boss.unschedule(job.name);
    job.onStart?.(ctx);
  }
  return {
    boss,
    send: (name, data = {}) => boss.send(name, data),
    async stop() {
      // Waits 5 s for running handlers; no new job is fetched after this. A handler still running
      // then is marked failed (to be retried) but keeps using the pool, and pg-boss records its end
      // after it returns: both are waited for, so nothing writes to a pool the app has closed.
      await boss.stop({ graceful: true, close: false, wait: true, timeout: 5000 });
      while (inFlight.size) {
        await Promise.allSettled([...inFlight]);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
