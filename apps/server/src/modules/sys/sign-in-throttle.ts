/**
 * Sign-in throttling without a lock that a stranger can trigger (issue 18, section 4):
 * - per (account, client address): after PAIR_MAX_FAILURES failures that address is refused for that
 *   account for PAIR_BLOCK_MS (PCI DSS 8.3.4's 10 tries / 30 minutes, but only for the guesser);
 * - per account, from any address: after ACCOUNT_FREE_FAILURES failures since the last sign-in, each
 *   further failure opens a back-off window that doubles from 1 s up to ACCOUNT_BACKOFF_MAX_MS, so a
 *   distributed guess is slowed to a crawl while the owner waits at most a minute;
 * - per address over all accounts: the route's rate limit (auth.routes.ts).
 * The account's count since its last sign-in is shown to the operator when they sign in.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { operators } from './schema.ts';
import { signInThrottle } from './sign-in-throttle.schema.ts';

export const PAIR_MAX_FAILURES = 10;
export const PAIR_BLOCK_MS = 30 * 60_000;
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_BACKOFF_MAX_MS = 60_000;

const pairKey = (username: string, ip: string) =>
  createHash('sha256').update(`${username}\0${ip}`).digest('base64url');

/** True while this address may not try this account, or the account is in its back-off window. */
export async function throttled(
  ctx: AppContext,
  username: string,
  ip: string,
  accountBlockedUntil: Date | null | undefined,
): Promise<boolean> {
  const now = ctx.clock.now();
  if (accountBlockedUntil && accountBlockedUntil > now) return true;
  const [pair] = await ctx.db
    .select({ blockedUntil: signInThrottle.blockedUntil })
    .from(signInThrottle)
    .where(eq(signInThrottle.key, pairKey(username, ip)));
  return Boolean(pair?.blockedUntil && pair.blockedUntil > now);
}

/** Counts a failure against the pair and (for a known operator) the account, opening their windows. */
export async function recordFailure(
  ctx: AppContext,
  username: string,
  ip: string,
  operatorId: number | undefined,
): Promise<void> {
  const now = ctx.clock.now();
  const blockAt = new Date(now.getTime() + PAIR_BLOCK_MS);
  await ctx.db
    .insert(signInThrottle)
    .values({ key: pairKey(username, ip), failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        // A block that ran out starts a fresh count.
        failures: sql`CASE WHEN ${signInThrottle.blockedUntil} <= ${now} THEN 1 ELSE ${signInThrottle.failures} + 1 END`,
        blockedUntil: sql`CASE WHEN ${signInThrottle.blockedUntil} <= ${now} THEN NULL
          WHEN ${signInThrottle.failures} + 1 >= ${PAIR_MAX_FAILURES} THEN ${blockAt}::timestamptz
          ELSE ${signInThrottle.blockedUntil} END`,
        updatedAt: now,
      },
    });
  if (operatorId === undefined) return;
  const [row] = await ctx.db
    .update(operators)
    .set({ failedLogins: sql`${operators.failedLogins} + 1` })
    .where(eq(operators.id, operatorId))
    .returning({ failed: operators.failedLogins });
  const over = (row?.failed ?? 0) - ACCOUNT_FREE_FAILURES;
  if (over >= 0) {
    const wait = Math.min(1000 * 2 ** Math.min(over, 20), ACCOUNT_BACKOFF_MAX_MS);
    await ctx.db
      .update(operators)
      .set({ lockedUntil: new Date(now.getTime() + wait) })
      .where(eq(operators.id, operatorId));
  }
}

/** After a sign-in: the pair starts over (the account's count is reset by the caller). */
export async function clearPair(ctx: AppContext, username: string, ip: string): Promise<void> {
  await ctx.db.delete(signInThrottle).where(eq(signInThrottle.key, pairKey(username, ip)));
}

/** Rows whose block ran out and that saw no failure for a day: for a scheduled clean-up job. */
export async function deleteStaleThrottles(ctx: AppContext): Promise<number> {
  const dayAgo = new Date(ctx.clock.nowMs() - 24 * 3600_000);
  const gone = await ctx.db
    .delete(signInThrottle)
    .where(sql`${signInThrottle.updatedAt} < ${dayAgo}`)
    .returning({ key: signInThrottle.key });
  return gone.length;
}
