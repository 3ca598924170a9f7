/**
 * The placement log: one row per merchant API request, refused ones included, written with its two
 * rollups (per merchant and hour; errors per day) by ONE statement, so the report pages never scan the
 * log and never disagree with it. Never the signature, the secret or the payee's details.
 *
 * Rows are written in groups (a group commit): a request's row is sent at once when no write is under
 * way, else it joins the rows that arrive while one is, and they go together as soon as it ends. Each
 * request still waits for its own row (the answer is sent after it), a quiet server writes each row
 * alone, and under load, a burst of orders or a flood of refused calls, one statement carries many
 * rows (each statement was a round trip and a commit per request, a ninth of an order's statements).
 */
import { type MerchantApiEndpoint, merchantApiCodeName, systemText } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';

export type Endpoint = MerchantApiEndpoint;

export interface Placement {
  endpoint: Endpoint;
  at: Date;
  merchantId: number | null;
  /** The merchant number as claimed; the rollups use it only once the merchant is known. */
  mchNo: string;
  mchOrderNo: string;
  orderNo: string;
  amount: string | null;
  ip: string;
  code: number;
  /** Already at most its length (per language when in each: place-log-hooks.ts). */
  reason: string;
  latencyMs: number;
}

const cut = (s: string, n: number) => (s.length > n ? s.slice(0, n) : s);

/** Rows per statement at most (the rest wait for the next one). */
const GROUP_MAX = 500;

/**
 * The rows as parallel arrays ($1..$13), unnested into one input. A request refused before
 * verification (a bad field) still names its merchant when the number is real; unknown numbers share
 * one rollup row ('') so a stranger's inventions do not add rows. The rollups take each key once per
 * statement (grouped) in key order, so two instances' statements lock their rows in the same order.
 */
const STATEMENT = `
WITH input AS (
  SELECT * FROM unnest($1::timestamptz[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
                       $7::numeric[], $8::text[], $9::bool[], $10::int[], $11::text[], $12::text[], $13::int[],
                       $15::text[])
    AS t(at, merchant_id, mch_no, endpoint, mch_order_no, order_no, amount, ip, accepted, code, code_name,
         reason, latency_ms, report_endpoint)
), who AS (
  SELECT *, CASE WHEN known IS NULL THEN '' ELSE mch_no END AS rollup_mch_no
    FROM (SELECT i.*, coalesce(i.merchant_id, m.id) AS known
            FROM input i LEFT JOIN merchants m ON i.merchant_id IS NULL AND m.mch_no = i.mch_no) k
), log AS (
  INSERT INTO order_place_log (at, merchant_id, mch_no, endpoint, mch_order_no, order_no, amount, ip,
                               accepted, code, code_name, reason, latency_ms)
  SELECT at, known, mch_no, endpoint, mch_order_no, order_no, amount, ip, accepted, code, code_name, reason,
         latency_ms
    FROM who
), stat AS (
  INSERT INTO order_place_stat AS s (hour, mch_no, endpoint, accepted_count, refused_count,
                                     accepted_amount, refused_amount, latency_ms_max)
  SELECT date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, rollup_mch_no, endpoint,
         count(*) FILTER (WHERE accepted), count(*) FILTER (WHERE NOT accepted),
         coalesce(sum(amount) FILTER (WHERE accepted), 0), coalesce(sum(amount) FILTER (WHERE NOT accepted), 0),
         max(latency_ms)
    FROM who
   GROUP BY 1, 2, 3
   ORDER BY 1, 2, 3
  ON CONFLICT (hour, mch_no, endpoint) DO UPDATE SET
    accepted_count = s.accepted_count + EXCLUDED.accepted_count,
    refused_count = s.refused_count + EXCLUDED.refused_count,
    accepted_amount = s.accepted_amount + EXCLUDED.accepted_amount,
    refused_amount = s.refused_amount + EXCLUDED.refused_amount,
    latency_ms_max = greatest(s.latency_ms_max, EXCLUDED.latency_ms_max)
)
INSERT INTO error_report_daily AS e (day, source, mch_no, endpoint, code, count, last_message, last_at)
SELECT (at AT TIME ZONE $14::text)::date AS day, 'api', rollup_mch_no, report_endpoint, code::text, count(*),
       (array_agg(reason ORDER BY at DESC))[1], max(at)
  FROM who
 WHERE NOT accepted
 GROUP BY 1, 3, 4, 5
 ORDER BY 1, 3, 4, 5
ON CONFLICT (day, source, mch_no, endpoint, code) DO UPDATE SET
  count = e.count + EXCLUDED.count,
  last_message = EXCLUDED.last_message,
  last_at = greatest(e.last_at, EXCLUDED.last_at)`;

interface Waiting {
  row: Placement;
  done: (error?: unknown) => void;
}

function write(ctx: AppContext, rows: Placement[]): Promise<unknown> {
  const column = <T>(f: (p: Placement) => T) => rows.map(f);
  // Prepared by name: planned once per connection.
  return ctx.pool.query({
    name: 'openapi_place_log_rows',
    text: STATEMENT,
    values: [
      column((p) => p.at),
      column((p) => p.merchantId),
      column((p) => cut(p.mchNo, 32)),
      column((p) => p.endpoint),
      column((p) => cut(p.mchOrderNo, 64)),
      column((p) => p.orderNo),
      column((p) => p.amount),
      column((p) => p.ip),
      column((p) => p.code === 0),
      column((p) => p.code),
      column((p) => merchantApiCodeName(p.code)),
      // Cut to length by place-log-hooks.ts (per language: a cut here could split one).
      column((p) => p.reason),
      column((p) => p.latencyMs),
      ctx.config.timeZone,
      // The error report's column holds passages too: the endpoint is a system text there.
      column((p) => systemText(`merchantApiEndpoint.${p.endpoint}`)),
    ],
  });
}

interface Queue {
  waiting: Waiting[];
  writing: boolean;
}

/** The rows waiting for the write under way, per application. */
const queues = new WeakMap<AppContext, Queue>();

async function writeGroup(ctx: AppContext, group: Waiting[]): Promise<void> {
  try {
    await write(
      ctx,
      group.map((w) => w.row),
    );
    for (const w of group) w.done();
  } catch (e) {
    // One bad row must not cost the others theirs: alone, each row fails or is written on its own.
    if (group.length === 1) group[0]!.done(e);
    else for (const w of group) await writeGroup(ctx, [w]);
  }
}

async function drain(ctx: AppContext, q: Queue): Promise<void> {
  q.writing = true;
  try {
    while (q.waiting.length) await writeGroup(ctx, q.waiting.splice(0, GROUP_MAX));
  } finally {
    q.writing = false;
  }
}

/** Writes the row (with its group) and resolves once it is committed; rejects if it could not be. */
export function recordPlacement(ctx: AppContext, p: Placement): Promise<void> {
  let q = queues.get(ctx);
  if (!q) {
    q = { waiting: [], writing: false };
    queues.set(ctx, q);
  }
  const queue = q;
  const written = new Promise<void>((resolve, reject) => {
    queue.waiting.push({ row: p, done: (error) => (error ? reject(error) : resolve()) });
  });
  if (!queue.writing) void drain(ctx, queue);
  return written;
}
