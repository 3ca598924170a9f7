/**
 * The level job: every member's credit level (and the match level it gives) from their last 30 days
 * of successful deposits, promoted or demoted to the highest level whose thresholds they meet. Members
 * with a fixed level in force (findLevelFixedPage) are never touched. Set-based, in id batches, each its
 * own transaction with a guarded UPDATE (only rows whose level differs), so a second run changes nothing.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';

export const LEVEL_HISTORY_DAYS = 30;
const BATCH = 5_000;

export interface LevelRun {
  promoted: number;
  demoted: number;
}

export async function runLevelJob(ctx: AppContext): Promise<LevelRun> {
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - LEVEL_HISTORY_DAYS * 86_400_000);
  const run: LevelRun = { promoted: 0, demoted: 0 };
  const top = await ctx.db.execute<{ max: string | null }>(sql`SELECT max(id)::text AS max FROM members`);
  const maxId = Number(top.rows[0]?.max ?? 0);
  for (let from = 0; from < maxId; from += BATCH) {
    const changed = await ctx.db.execute<{ diff: number }>(sql`
      WITH hist AS (
        SELECT m.id, m.level AS old_level, count(d.id)::int AS cnt, coalesce(sum(d.amount), 0) AS amt
        FROM members m
        LEFT JOIN deposit_orders d
          ON d.merchant_id = m.merchant_id AND d.member_account = m.account
         AND d.status = 'success' AND d.finished_at >= ${since}
        WHERE m.id > ${from} AND m.id <= ${from + BATCH}
          AND NOT EXISTS (
            SELECT 1 FROM member_level_fixes f
            WHERE f.member_id = m.id AND (f.expires_at IS NULL OR f.expires_at > ${now}))
        GROUP BY m.id
      ), target AS (
        SELECT h.id, h.old_level, c.level, c.match_level
        FROM hist h
        CROSS JOIN LATERAL (
          SELECT level, match_level FROM credit_levels c
          WHERE h.cnt >= c.min_deposit_count AND h.amt >= c.min_deposit_amount
          ORDER BY level DESC LIMIT 1) c
      ), upd AS (
        UPDATE members SET level = t.level, match_level = t.match_level, updated_at = ${now}
        FROM target t
        WHERE members.id = t.id AND (members.level, members.match_level) IS DISTINCT FROM (t.level, t.match_level)
        RETURNING members.id, members.merchant_id, t.old_level, t.level
      ), changes AS (
        -- The level history the level-promotion report reads (opsReports), in the same statement.
        INSERT INTO member_level_changes (member_id, merchant_id, from_level, to_level, source, at)
        SELECT id, merchant_id, old_level, level, 'job', ${now} FROM upd WHERE level <> old_level
      )
      SELECT level - old_level AS diff FROM upd`);
    for (const r of changed.rows) {
      if (r.diff > 0) run.promoted++;
      else if (r.diff < 0) run.demoted++;
    }
  }
  return run;
}

export const levelJob = defineJob({
  name: 'member-levels',
  schedule: '30 3 * * *',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  handler: (ctx) => runLevelJob(ctx),
});
