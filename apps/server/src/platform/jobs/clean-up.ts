/**
 * Clean-up jobs of platform tables that only grow: idempotency keys past their replay window and
 * sign-in nonces past their five minutes. Deletes go in bounded batches so no run holds a long lock.
 */
import type { AppContext } from '../context.ts';
import { defineJob } from './registry.ts';

/** A retry with the same Idempotency-Key is answered from storage for this long (Stripe keeps 24 h). */
export const IDEMPOTENCY_RETENTION_HOURS = 24;
const BATCH = 5000;

/** Deletes rows of `table` whose `column` is before `before`, BATCH at a time; answers how many. */
export async function deleteBefore(
  ctx: AppContext,
  table: string,
  key: string,
  column: string,
  before: Date,
) {
  let total = 0;
  for (;;) {
    const { rowCount } = await ctx.pool.query(
      `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE ${column} < $1 LIMIT ${BATCH})`,
      [before],
    );
    total += rowCount ?? 0;
    if ((rowCount ?? 0) < BATCH) return total;
  }
}

export async function cleanIdempotencyKeys(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.nowMs() - IDEMPOTENCY_RETENTION_HOURS * 3_600_000);
  return deleteBefore(ctx, 'idempotency_keys', 'id', 'created_at', before);
}

export async function cleanSignInNonces(ctx: AppContext): Promise<number> {
  return deleteBefore(ctx, 'auth_nonces', 'nonce', 'expires_at', ctx.clock.now());
}

export const idempotencyCleanUpJob = defineJob({
  name: 'idempotency-clean-up',
  schedule: '17 * * * *',
  retry: { limit: 5, delaySeconds: 60, backoff: true },
  handler: async (ctx) => ({ deleted: await cleanIdempotencyKeys(ctx) }),
});

export const nonceCleanUpJob = defineJob({
  name: 'sign-in-nonce-clean-up',
  schedule: '*/10 * * * *',
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  handler: async (ctx) => ({ deleted: await cleanSignInNonces(ctx) }),
});
