/**
 * The finance reports' figures computed straight from the raw order tables (a SQL of its own, not the
 * rollups' code): what finance-reports.test.ts compares every report with.
 */
import {
  AMOUNT_BAND_VALUES,
  AMOUNT_BANDS,
  type ReportDef,
  type ReportMeasure,
  type ReportWhere,
} from '@payops/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';

type Row = Record<string, unknown>;

/** Every order of the four order tables as one relation, with the report keys computed here. */
function rawOrders(tz: string): SQL {
  const bands = AMOUNT_BANDS.map((low, i) => {
    const next = AMOUNT_BANDS[i + 1];
    const cond = next
      ? sql`amount >= ${low}::numeric AND amount < ${next}::numeric`
      : sql`amount >= ${low}::numeric`;
    return sql`WHEN ${cond} THEN ${AMOUNT_BAND_VALUES[i]!}`;
  });
  const table = (name: string, direction: string, family: SQL, payType: SQL) => sql`
    SELECT ${direction}::text AS direction, ${family} AS family, merchant_id AS "merchantId",
           coalesce(passage_id, 0) AS "passageId", ${payType} AS "payType", member_account AS "memberAccount",
           amount, fee, channel_fee, status, created_at FROM ${sql.identifier(name)}`;
  return sql`(SELECT *, (created_at AT TIME ZONE ${tz})::date AS day, CASE ${sql.join(bands, sql` `)} END AS band
    FROM (${table('deposit_orders', 'deposit', sql`family`, sql`pay_type`)}
          UNION ALL ${table('withdraw_orders', 'withdraw', sql`family`, sql`pay_type`)}
          UNION ALL ${table('usdt_deposit_orders', 'deposit', sql`'usdt'`, sql`'usdt'`)}
          UNION ALL ${table('usdt_withdraw_orders', 'withdraw', sql`'usdt'`, sql`'usdt'`)}) u) o`;
}

/** What each summed rollup column means for one raw order. */
const RAW_MEASURE: Record<string, { value: SQL; success: boolean }> = {
  orderCount: { value: sql`1`, success: false },
  orderAmount: { value: sql`amount`, success: false },
  successCount: { value: sql`1`, success: true },
  successAmount: { value: sql`amount`, success: true },
  successFee: { value: sql`fee`, success: true },
  successChannelFee: { value: sql`channel_fee`, success: true },
  successMargin: { value: sql`fee - channel_fee`, success: true },
};

const whereRaw = (where: ReportWhere) =>
  Object.entries(where).map(([k, v]) =>
    typeof v === 'string'
      ? sql`${sql.identifier(k)}::text = ${v}`
      : sql`${sql.identifier(k)}::text IN (${sql.join(
          v.map((x) => sql`${x}`),
          sql`, `,
        )})`,
  );

/** The report's rows computed from the raw orders: the dimension values joined by '|' -> measures. */
export async function fromRaw(
  db: Db,
  tz: string,
  def: ReportDef,
  from: string,
  to: string,
  dims: string[],
): Promise<Map<string, Row>> {
  const sums = (Object.values(def.measures) as ReportMeasure[])
    .filter((m) => !m.ratio)
    .map((m) => {
      const raw = RAW_MEASURE[m.sum!]!;
      const conds = [...whereRaw(m.where ?? {}), ...(raw.success ? [sql`status = 'success'`] : [])];
      const filter = conds.length ? sql` FILTER (WHERE ${sql.join(conds, sql` AND `)})` : sql``;
      return sql`coalesce(sum(${raw.value})${filter}, 0)::text AS ${sql.identifier(m.name)}`;
    });
  const keys = dims.map((d) => sql`${sql.identifier(d)}::text AS ${sql.identifier(d)}`);
  const conds = [sql`day BETWEEN ${from}::date AND ${to}::date`, ...whereRaw(def.where)];
  const groups = dims.length
    ? sql` GROUP BY ${sql.join(
        dims.map((_, i) => sql.raw(String(i + 1))),
        sql`, `,
      )}`
    : sql``;
  const { rows } = await db.execute<Row>(
    sql`SELECT ${sql.join([...keys, ...sums], sql`, `)} FROM ${rawOrders(tz)}
        WHERE ${sql.join(conds, sql` AND `)}${groups}`,
  );
  return new Map(rows.map((r) => [dims.map((d) => String(r[d])).join('|'), r]));
}
