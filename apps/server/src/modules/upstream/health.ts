/**
 * Passage health from upstream answers: consecutive transport errors (time-outs, no connection, 5xx)
 * make a passage degraded (tried after the healthy ones), then down (skipped) for a rest, after which
 * routing tries it again as degraded; a success makes it healthy again. An order the provider refused
 * says nothing about the passage and counts for neither.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { passages } from '../mch/passage.schema.ts';
import { passageHealthStats } from './schema.ts';

export const DEGRADED_AFTER = 2;
export const DOWN_AFTER = 5;
export const DOWN_FOR_MS = 60_000;

export async function recordUpstreamError(
  ctx: AppContext,
  passageId: number,
  message: string,
): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [s] = await tx
      .insert(passageHealthStats)
      .values({ passageId, errors: 1, lastError: message, updatedAt: now })
      .onConflictDoUpdate({
        target: passageHealthStats.passageId,
        set: { errors: sql`${passageHealthStats.errors} + 1`, lastError: message, updatedAt: now },
      })
      .returning();
    const errors = s!.errors;
    if (errors >= DOWN_AFTER) {
      await tx
        .update(passageHealthStats)
        .set({ downUntil: new Date(now.getTime() + DOWN_FOR_MS) })
        .where(eq(passageHealthStats.passageId, passageId));
      await tx.update(passages).set({ health: 'down' }).where(eq(passages.id, passageId));
    } else if (errors >= DEGRADED_AFTER) {
      await tx
        .update(passages)
        .set({ health: 'degraded' })
        .where(sql`${passages.id} = ${passageId} AND ${passages.health} = 'healthy'`);
    }
  });
}

/**
 * A success: the passage's errors back to 0 and the passage healthy. `errors`: its count when routing
 * read it; a healthy passage that had none (the common case) sends nothing. An error recorded by
 * another order since that read stays counted until the passage's next success.
 */
export async function recordUpstreamSuccess(
  ctx: AppContext,
  passageId: number,
  health: string,
  errors: number,
): Promise<void> {
  if (health === 'healthy') {
    if (errors === 0) return;
    await ctx.db
      .update(passageHealthStats)
      .set({ errors: 0, downUntil: null, updatedAt: ctx.clock.now() })
      .where(sql`${passageHealthStats.passageId} = ${passageId} AND ${passageHealthStats.errors} > 0`);
    return;
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(passageHealthStats)
      .set({ errors: 0, downUntil: null, updatedAt: ctx.clock.now() })
      .where(eq(passageHealthStats.passageId, passageId));
    await tx.update(passages).set({ health: 'healthy' }).where(eq(passages.id, passageId));
  });
}
