/**
 * The take's hot statements, built once and prepared by name (db/named-statement.ts): a take ran
 * twenty round trips, each built through the query builder per call (issue 15's market budget).
 * - takeContext: the ad, its pool and the pool's windows in one read (orderContext: an order and its
 *   pool's windows, for the steps after);
 * - takeInsert: the guarded `UPDATE trade_ads SET remaining = remaining - $x WHERE id = $id AND
 *   status = 'open' AND remaining >= $x`, the child order INSERTed from its result (no order when the
 *   ad matched no row) with the freeze's journal entry id drawn into freeze_entry_id (the posting
 *   takes it: the order row is written once), and the taker's trader row (made at its first activity)
 *   in ONE statement. Of two takers racing for the last amount, the second's UPDATE waits for the
 *   first's row lock, then matches no row: no order, no trader row, and the caller refuses it.
 */
import { DEFAULT_TRADE_TIMEOUTS } from '@payops/contracts';
import { eq, getTableColumns, Param, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable, QueryBuilder } from 'drizzle-orm/pg-core';
import { NamedStatement, namedSql, type Queryable } from '../../db/named-statement.ts';
import {
  type TradeAd,
  type TradeOrder,
  type TradePool,
  tradeAds,
  tradeOrders,
  tradePools,
  tradeTimeouts,
} from './trade.schema.ts';
import type { TradeWindows } from './trade-settings.ts';

const qb = new QueryBuilder();

/** A table's columns under `<prefix>.<key>`, to read several tables' rows in one flat row. */
const prefixed = (prefix: string, table: PgTable) =>
  Object.fromEntries(Object.entries(getTableColumns(table)).map(([k, c]) => [`${prefix}.${k}`, c]));

const contextFields = {
  ...prefixed('ad', tradeAds),
  ...prefixed('pool', tradePools),
  ...prefixed('win', tradeTimeouts),
};

const contextStatement = new NamedStatement(
  'trade_take_context',
  qb
    .select(contextFields)
    .from(tradeAds)
    .leftJoin(tradePools, eq(tradePools.id, tradeAds.poolId))
    .leftJoin(tradeTimeouts, eq(tradeTimeouts.poolId, tradeAds.poolId))
    .where(eq(tradeAds.id, sql.placeholder('id') as never)),
  contextFields as Record<string, PgColumn>,
);

function part(row: Record<string, unknown>, prefix: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row))
    if (k.startsWith(`${prefix}.`)) out[k.slice(prefix.length + 1)] = v;
  return out;
}

export interface TakeContext {
  ad: TradeAd;
  /** Undefined when the ad's pool is gone (the caller refuses it as a disabled pool). */
  pool: TradePool | undefined;
  windows: TradeWindows;
}

/** The ad with its pool and the pool's windows (defaults without a row); undefined: no such ad. */
export async function takeContext(client: Queryable, adId: number): Promise<TakeContext | undefined> {
  const [row] = await contextStatement.rows(client, { id: adId });
  if (!row) return undefined;
  const pool = part(row, 'pool') as TradePool;
  return {
    ad: part(row, 'ad') as TradeAd,
    pool: pool.id == null ? undefined : pool,
    windows: windowsOf(row),
  };
}

const orderColumns = getTableColumns(tradeOrders);

const orderFields = { ...prefixed('order', tradeOrders), ...prefixed('win', tradeTimeouts) };

const orderStatement = new NamedStatement(
  'trade_order_context',
  qb
    .select(orderFields)
    .from(tradeOrders)
    .leftJoin(tradeTimeouts, eq(tradeTimeouts.poolId, tradeOrders.poolId))
    .where(eq(tradeOrders.id, sql.placeholder('id') as never)),
  orderFields as Record<string, PgColumn>,
);

const windowsOf = (row: Record<string, unknown>): TradeWindows => {
  const win = part(row, 'win') as unknown as TradeWindows & { id: number | null };
  return win.id == null ? { ...DEFAULT_TRADE_TIMEOUTS } : win;
};

/** An order with its pool's windows, in one read; undefined: no such order. */
export async function orderContext(
  client: Queryable,
  orderId: number,
): Promise<{ order: TradeOrder; windows: TradeWindows } | undefined> {
  const [row] = await orderStatement.rows(client, { id: orderId });
  return row ? { order: part(row, 'order') as TradeOrder, windows: windowsOf(row) } : undefined;
}
/** The order's columns the take gives (the rest are their defaults, freeze_entry_id drawn). */
type OrderValues = Omit<
  typeof tradeOrders.$inferInsert,
  'id' | 'status' | 'freezeEntryId' | 'endEntryId' | 'paidAt' | 'completedAt'
>;
const given = (values: OrderValues) => Object.keys(values).sort();

/** A placeholder typed as its column (in a SELECT list PostgreSQL would read it as text). */
const typed = (name: string, c: PgColumn): SQL =>
  sql`${new Param(sql.placeholder(name), c)}::${sql.raw(c.getSQLType())}`;

const inserts = new Map<string, NamedStatement>();

function insertStatement(keys: string[]): NamedStatement {
  const key = keys.join(',');
  const hit = inserts.get(key);
  if (hit) return hit;
  const cols = keys.map((k) => orderColumns[k as keyof typeof orderColumns] as PgColumn);
  const statement = sql`WITH ad AS (
      UPDATE trade_ads SET remaining = remaining - ${sql.placeholder('amount')}::numeric,
             updated_at = ${sql.placeholder('now')}::timestamptz
       WHERE id = ${sql.placeholder('adId')}::bigint AND status = 'open'
         AND remaining >= ${sql.placeholder('amount')}::numeric
      RETURNING id),
    trader AS (
      INSERT INTO trade_traders (owner_type, owner_id, owner_code, merchant_id, created_at)
      SELECT ${sql.placeholder('traderType')}::text, ${sql.placeholder('traderId')}::bigint,
             ${sql.placeholder('traderCode')}::text, ${sql.placeholder('traderMerchantId')}::integer,
             ${sql.placeholder('now')}::timestamptz
        FROM ad
      ON CONFLICT DO NOTHING)
    INSERT INTO ${tradeOrders} (${sql.join(
      cols.map((c) => sql.identifier(c.name)),
      sql`, `,
    )}, freeze_entry_id)
    SELECT ${sql.join(
      keys.map((k, i) => typed(`o_${k}`, cols[i]!)),
      sql`, `,
    )}, nextval('ledger_entry_seq') FROM ad
    RETURNING ${sql.join(
      Object.values(orderColumns).map((c) => sql.identifier(c.name)),
      sql`, `,
    )}`;
  const made = namedSql(`trade_take_${inserts.size}`, statement, orderColumns);
  inserts.set(key, made);
  return made;
}

/**
 * The guarded take, the order and the trader row (see the header); undefined when the ad matched no
 * row (closed meanwhile, or less left than `amount`).
 */
export async function takeInsert(
  client: Queryable,
  take: {
    adId: number;
    amount: string;
    now: Date;
    trader: { ownerType: string; ownerId: number; code: string; merchantId: number | null };
  },
  order: OrderValues,
): Promise<TradeOrder | undefined> {
  const values: Record<string, unknown> = {
    adId: take.adId,
    amount: take.amount,
    now: take.now.toISOString(),
    traderType: take.trader.ownerType,
    traderId: take.trader.ownerId,
    traderCode: take.trader.code,
    traderMerchantId: take.trader.merchantId,
  };
  const keys = given(order);
  for (const k of keys) values[`o_${k}`] = order[k as keyof OrderValues];
  const [row] = await insertStatement(keys).rows(client, values);
  return row as TradeOrder | undefined;
}
