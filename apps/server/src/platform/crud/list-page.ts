/**
 * A page of a resource list: by OFFSET within the first TOTAL_CAP rows, by keyset (a cursor) at any
 * depth; each answer carries the cursor of the page after it. The total is counted only when asked
 * (`withTotal`, page 1 of the web's pager), capped, and skipped when the page itself shows it.
 */
import { type FieldDef, type FindByPageBody, type Locale, PAGER_SIZES, TOTAL_CAP } from '@payops/contracts';
import { and, getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from '../../db/client.ts';
import { clientOf, NamedStatement } from '../../db/named-statement.ts';
import { perDatabase } from '../../db/per-database.ts';
import { CARRIED_AUTH, type CarriedSession, carriedRow, carryAuth } from '../carried-auth.ts';
import { sha256 } from '../hashing.ts';
import {
  afterCondition,
  cursorValue,
  decodeCursor,
  effectiveSort,
  encodeCursor,
  type Position,
} from './keyset.ts';
import {
  Binder,
  type BoundResource,
  cappedCount,
  cappedResult,
  cappedTotal,
  orderOf,
  type Row,
  type Sort,
  selection,
  whereOf,
} from './query.ts';

const CURSOR = '@cursor';

export interface Rows {
  rows: Row[];
  /** Each row's position (sort value and key as a cursor carries them): a read continues after one. */
  positions: Position[];
  /** The session row the statement carried (carried-auth.ts) as JSON text, null if none was found. */
  session?: string | null;
}

/** Rows in (sort, key) order, after `after` (keyset) or past `offset` rows. */
export async function readRows(
  db: Db,
  r: BoundResource,
  where: SQL | undefined,
  sort: Sort,
  limit: number,
  from: { offset: number } | { after: Position },
): Promise<Rows> {
  const q = db
    .select({ ...selection(r), [CURSOR]: cursorValue(r, sort) })
    .from(r.table as never)
    .where('after' in from ? and(where, afterCondition(r, sort, from.after)) : where)
    .orderBy(...orderOf(r, sort))
    .limit(limit);
  const raw = (await ('offset' in from && from.offset ? q.offset(from.offset) : q)) as Row[];
  const positions = raw.map((row) => ({ value: row[CURSOR], key: row[r.def.key] }));
  for (const row of raw) delete row[CURSOR];
  return { rows: raw, positions };
}

/**
 * A list page's statement, built once per shape (resource, sort, which filters with how many values,
 * OFFSET or after a cursor) and prepared by name on each connection: building the SQL through the
 * query builder on every request cost more than PostgreSQL's own time for the page (issue 9, "Scale").
 * Every value still travels as a bound parameter.
 */
type Prepared = { execute(values: Record<string, unknown>): Promise<unknown> };
/** Per database client (a prepared query runs on the pool it was made on; tests run several apps). */
const prepared = new WeakMap<Db, Map<string, Prepared>>();
/** Shapes are few (definitions x sorts x filter sets); past this, pages are built per request. */
const PAGES_MAX = 500;

/** The statement prepared for `key` on this client, built on first use; undefined when the cache is full. */
function preparedFor<T extends Prepared>(db: Db, key: string, build: () => T): T | undefined {
  const cache = prepared.get(db) ?? new Map<string, Prepared>();
  prepared.set(db, cache);
  const hit = cache.get(key) as T | undefined;
  if (hit || cache.size >= PAGES_MAX) return hit;
  const made = build();
  cache.set(key, made);
  return made;
}

/**
 * A page statement: the rows, and each row's position from the last column (the cursor's sort value);
 * when it carries the session check, the session row's JSON first on every row (carried-auth.ts).
 */
class PageStatement implements Prepared {
  private readonly statement: NamedStatement;

  constructor(
    private readonly pool: pg.Pool,
    private readonly key: string,
    name: string,
    query: { toSQL(): { sql: string; params: unknown[] } },
    fields: Record<string, PgColumn | SQL>,
    private readonly carried: boolean,
  ) {
    this.statement = carried
      ? new NamedStatement(
          name,
          { toSQL: () => carryAuth(query.toSQL()) },
          { [CARRIED_AUTH]: sql``, ...fields },
        )
      : new NamedStatement(name, query, fields);
  }

  async execute(values: Record<string, unknown>): Promise<Rows> {
    const { names } = this.statement;
    const first = this.carried ? 1 : 0;
    const last = names.length - 1;
    const keyAt = names.indexOf(this.key);
    const arrays = await this.statement.arrays(this.pool, values);
    const rows: Row[] = [];
    const positions: Position[] = [];
    for (const a of arrays) {
      // A carried session with no page row read: one row of nulls after the session.
      if (a[keyAt] === null) continue;
      const row: Row = {};
      for (let i = first; i < last; i++) row[names[i]!] = a[i];
      rows.push(row);
      positions.push({ value: a[last], key: row[this.key] });
    }
    if (!this.carried) return { rows, positions };
    return { rows, positions, session: (arrays[0]?.[0] as string | undefined) ?? null };
  }
}

async function readPage(
  db: Db,
  r: BoundResource,
  filters: Row,
  sort: Sort,
  limit: number,
  from: { offset: number } | { after: Position },
  session?: CarriedSession,
): Promise<Rows> {
  const b = new Binder();
  const where = whereOf(r, filters, b);
  const after = 'after' in from ? from.after : undefined;
  const mode = after ? (after.value === null ? 'after-null' : 'after') : 'offset';
  const offset = 'offset' in from ? from.offset : 0;
  // An unfiltered page has its limit written into the statement (for the pager's sizes: a few shapes)
  // and, on page 1, no OFFSET: with either as a parameter the planner prices a generic plan at a tenth
  // of the table and plans every execution anew (0.3 ms of PostgreSQL per page). A filtered page keeps
  // both as parameters, so that it is planned for its values: a generic plan does not know that a
  // value is rare (a filter on the few matched orders took 260 ms through one).
  const filtered = Object.keys(b.values).length > 0;
  const literal = !filtered && (PAGER_SIZES as readonly number[]).includes(limit - 1) ? limit : null;
  const key = JSON.stringify([
    r.def.name,
    sort.field,
    sort.order,
    b.shape,
    mode,
    literal,
    offset > 0 || filtered,
    Boolean(session),
  ]);
  const page = preparedFor(db, key, () => {
    const at = {
      value: after?.value === null ? null : sql.placeholder('afterValue'),
      key: sql.placeholder('afterKey'),
    };
    const fields = { ...selection(r), [CURSOR]: cursorValue(r, sort) };
    const q = db
      .select(fields)
      .from(r.table as never)
      .where(after ? and(where, afterCondition(r, sort, at)) : where)
      .orderBy(...orderOf(r, sort))
      .limit(literal === null ? sql.placeholder('limit') : (sql.raw(String(literal)) as never));
    const name = `page_${sha256(key).slice(0, 24)}`;
    return new PageStatement(
      (db as unknown as { $client: pg.Pool }).$client,
      r.def.key,
      name,
      after || (offset === 0 && !filtered) ? q : q.offset(sql.placeholder('offset')),
      fields,
      Boolean(session),
    );
  });
  if (!page) {
    // Past the cache's shapes a page is built per request, carrying nothing: the session is checked first.
    await session?.settle();
    return readRows(db, r, whereOf(r, filters), sort, limit, from);
  }
  const values = after
    ? { ...b.values, ...session?.values, limit, afterValue: after.value, afterKey: after.key }
    : { ...b.values, ...session?.values, limit, offset };
  return page.execute(values);
}

/** Above this many rows by the planner's statistics an unfiltered table is "10,000+" without counting. */
const ESTIMATE_TRUSTED = TOTAL_CAP * 10;
/**
 * A `contains` filter is checked row by row on the table (a trigram index only narrows the candidates;
 * a set's index finds its rows, spread over the table), so counting 10,001 matches reads most of a
 * large table's pages (130 ms at 1M members). With one, the total is exact up to this and "1,000+"
 * beyond; the pager reaches deeper rows by keyset.
 */
export const CONTAINS_TOTAL_CAP = 1000;

/** Planner statistics change only on ANALYZE; kept a while per table instead of a query per request. */
const estimates = new Map<string, Map<string, { rows: number; until: number }>>();
const ESTIMATE_TTL_MS = 30_000;

async function estimatedRows(db: Db, r: BoundResource): Promise<number> {
  const name = getTableName(r.table);
  const known = perDatabase(estimates, clientOf(db));
  const hit = known.get(name);
  if (hit && hit.until > Date.now()) return hit.rows;
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = to_regclass(${name})`,
  );
  const n = Number(rows[0]?.n ?? 0);
  known.set(name, { rows: n, until: Date.now() + ESTIMATE_TTL_MS });
  return n;
}

/**
 * The capped total. An unfiltered list of a large table reads the planner's row estimate instead of
 * counting 10,001 rows per request: far above the cap it cannot be wrong about "more than 10,000".
 */
async function total(db: Db, r: BoundResource, filters: Row) {
  // Prepared per shape like the page.
  const b = new Binder();
  const bound = whereOf(r, filters, b);
  if (!bound && (await estimatedRows(db, r)) > ESTIMATE_TRUSTED)
    return { total: TOTAL_CAP, totalCapped: true };
  const fields = r.def.fields as Record<string, FieldDef>;
  const contains = Object.entries(filters).some(
    ([name, v]) => v !== null && v !== undefined && fields[name]?.filter === 'contains',
  );
  const cap = contains ? CONTAINS_TOTAL_CAP : TOTAL_CAP;
  const key = JSON.stringify([r.def.name, b.shape, 'count', cap]);
  const counter = preparedFor(db, key, () =>
    cappedCount(db, r, bound, cap).prepare(`count_${sha256(key).slice(0, 24)}`),
  );
  if (!counter) return cappedTotal(db, r, whereOf(r, filters), cap);
  const [row] = (await counter.execute(b.values)) as { n: number }[];
  return cappedResult(row?.n ?? 0, cap);
}

/**
 * A page of `r`. With `session`, the page's statement carries the request's session check and the
 * request is admitted on it before the total is counted and before anything is answered.
 */
export async function listPage(
  db: Db,
  secret: Buffer,
  r: BoundResource,
  body: FindByPageBody,
  locale: Locale,
  session?: CarriedSession,
) {
  const sort = effectiveSort(r, body.sort);
  const offset = (body.page - 1) * body.pageSize;
  const from = body.cursor ? { after: decodeCursor(secret, r, sort, body.cursor, locale) } : { offset };
  const count = () => (body.withTotal === false ? null : total(db, r, body.filters));
  // One row more than the page says whether a next page exists.
  const limit = body.pageSize + 1;
  let read: Rows;
  let totals: Awaited<ReturnType<typeof count>>;
  if (session) {
    read = await readPage(db, r, body.filters, sort, limit, from, session);
    if (read.session !== undefined) await session.admit(carriedRow(read.session));
    totals = await count();
  } else {
    [read, totals] = await Promise.all([readPage(db, r, body.filters, sort, limit, from), count()]);
  }
  const more = read.rows.length > body.pageSize;
  const rows = more ? read.rows.slice(0, body.pageSize) : read.rows;
  const at = read.positions[body.pageSize - 1];
  const nextCursor = more && at ? encodeCursor(secret, r, sort, at.value, at.key) : null;
  return {
    rows,
    pager: {
      page: body.page,
      pageSize: body.pageSize,
      total: totals?.total ?? null,
      totalCapped: totals?.totalCapped ?? false,
      nextCursor,
    },
  };
}
