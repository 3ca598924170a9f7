/**
 * Background jobs, declared once: a name, an optional cron schedule, a handler and a retry policy.
 * platform/jobs/runner.ts runs them on pg-boss (jobs in PostgreSQL: SKIP LOCKED, retries with
 * back-off, schedules), so several app instances share the work and a scheduled job runs once.
 */
import type { AppContext } from '../context.ts';

export interface RetryPolicy {
  /** Attempts after the first one. */
  limit: number;
  /** Seconds before the first retry; doubled (with jitter) for each later one when `backoff`. */
  delaySeconds: number;
  backoff: boolean;
}

export interface JobDef<T extends object = object> {
  /** Queue name: letters, digits, dashes (pg-boss's rule). */
  name: string;
  /** Cron expression (UTC), e.g. '*\/5 * * * *'. At most once per minute across every instance. */
  schedule?: string;
  /** Does the work; a throw is logged and retried by `retry`, and the job kept as failed after the last try. */
  handler: (ctx: AppContext, data: T) => Promise<unknown>;
  retry: RetryPolicy;
  /** Told that this process runs the job (the server, never an API test's app). */
  onStart?: (ctx: AppContext) => void;
}

const NAME = /^[a-z][a-z0-9-]{1,63}$/;

export function defineJob<T extends object = object>(def: JobDef<T>): JobDef<T> {
  if (!NAME.test(def.name)) throw new Error(`Job name "${def.name}": lower-case letters, digits and dashes`);
  return def;
}
