/**
 * The upstream side of the error report (logReport): every passage an upstream refused or failed in a
 * routing decision (engineer "upstream"'s routing_decisions, candidates with verdict upstream_error)
 * counted per day, merchant and passage, under the code `@upstreamError` (read in the reader's
 * language). A scheduled job reads the decisions past its cursor in bounded batches; the cursor moves
 * in the same transaction as the counts, so a retry counts nothing twice and a second instance waits
 * on the cursor's row lock.
 */
import { systemText } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';

const CURSOR = 'error_report_upstream';
const BATCH = 5000;

/** Folds one batch; answers how many decisions it read (0: caught up). */
async function foldBatch(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO rollup_cursors (name, last_id) VALUES (${CURSOR}, 0) ON CONFLICT DO NOTHING`,
    );
    const cur = await tx.execute<{ last_id: string }>(
      sql`SELECT last_id FROM rollup_cursors WHERE name = ${CURSOR} FOR UPDATE`,
    );
    const from = Number(cur.rows[0]!.last_id);
    const top = await tx.execute<{ upto: string | null; n: string }>(sql`
      SELECT max(id) AS upto, count(*) AS n FROM (
        SELECT id FROM routing_decisions WHERE id > ${from} ORDER BY id LIMIT ${BATCH}) b`);
    const upto = top.rows[0]?.upto;
    if (!upto) return 0;
    await tx.execute(sql`
      INSERT INTO error_report_daily AS e (day, source, mch_no, endpoint, code, count, last_message, last_at)
      SELECT (d.created_at AT TIME ZONE ${ctx.config.timeZone})::date, 'upstream', m.mch_no, c->>'name',
             ${systemText('upstreamError')}::text, count(*), (array_agg(coalesce(c->>'detail', '') ORDER BY d.id DESC))[1],
             max(d.created_at)
        FROM routing_decisions d
        CROSS JOIN LATERAL jsonb_array_elements(d.candidates) c
        JOIN merchants m ON m.id = d.merchant_id
       WHERE d.id > ${from} AND d.id <= ${upto} AND c->>'verdict' = 'upstream_error'
       GROUP BY 1, 3, 4
      ON CONFLICT (day, source, mch_no, endpoint, code) DO UPDATE SET
        count = e.count + EXCLUDED.count,
        last_message = EXCLUDED.last_message,
        last_at = greatest(e.last_at, EXCLUDED.last_at)`);
    await tx.execute(sql`UPDATE rollup_cursors SET last_id = ${upto} WHERE name = ${CURSOR}`);
    return Number(top.rows[0]!.n);
  });
}

export async function foldUpstreamErrors(ctx: AppContext): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await foldBatch(ctx);
    total += n;
    if (n < BATCH) return total;
  }
}

export const upstreamErrorReportJob = defineJob({
  name: 'error-report-upstream',
  schedule: '* * * * *',
  retry: { limit: 3, delaySeconds: 20, backoff: true },
  handler: async (ctx) => ({ decisions: await foldUpstreamErrors(ctx) }),
});
