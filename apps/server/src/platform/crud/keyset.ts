/**
 * Keyset (cursor) paging: a page continues after the last row of the page before, found by an index
 * seek on (sort column, key) instead of skipping OFFSET rows, so any depth costs the same and rows
 * inserted meanwhile neither repeat nor shift a row out of sight (performance.md, "deep pages").
 *
 * The cursor is opaque to the client: base64url JSON of { resource, sort, value, key } and an HMAC
 * under a key derived from the server's secret key (instances sharing SECRET_KEY accept each other's
 * cursors). A cursor that is forged, from another resource or for another sort is refused with a
 * field error on `cursor`.
 */
import { createHmac, hash, timingSafeEqual } from 'node:crypto';
import { DECIMAL_PATTERN, type FieldDef, type Locale } from '@payops/contracts';
import { and, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { fieldError } from '../errors.ts';
import type { BoundResource, Sort } from './query.ts';

const messages: Record<Locale, string> = {
  'zh-CN': '分页游标无效或与当前排序不符，请从第一页重新开始',
  'en-US': 'is not valid for this list and sort; start again from the first page',
};

interface CursorData {
  /** Resource name, sort field and order the cursor was made for. */
  r: string;
  f: string;
  o: 'asc' | 'desc';
  /** Sort value and key of the last row served. */
  v: unknown;
  k: unknown;
}

/** The sort a list runs with: the requested one, else the definition's default; never a virtual field. */
export function effectiveSort(r: BoundResource, sort: Sort | undefined): Sort {
  const s = sort ?? r.def.defaultSort;
  return r.columns[s.field] ? s : { field: r.def.key, order: s.order };
}

/**
 * The cursor key derived from the secret key, once per secret (every page answer signs a cursor), as
 * HMAC-SHA256's two padded keys (RFC 2104): a MAC is then two one-shot hashes, without the Hmac
 * object and key import createHmac makes per call (the same bytes; about 40% less CPU).
 */
const signers = new WeakMap<Buffer, { inner: Buffer; outer: Buffer }>();

function signer(secret: Buffer) {
  let pads = signers.get(secret);
  if (!pads) {
    const key = createHmac('sha256', secret).update('payops list cursor').digest();
    const inner = Buffer.alloc(64, 0x36);
    const outer = Buffer.alloc(64, 0x5c);
    for (let i = 0; i < key.length; i++) {
      inner[i]! ^= key[i]!;
      outer[i]! ^= key[i]!;
    }
    pads = { inner, outer };
    signers.set(secret, pads);
  }
  return pads;
}

function mac(secret: Buffer, body: string): Buffer {
  const { inner, outer } = signer(secret);
  const first = hash('sha256', Buffer.concat([inner, Buffer.from(body)]), 'buffer');
  return hash('sha256', Buffer.concat([outer, first]), 'buffer').subarray(0, 16);
}

/** Sort value and key of the last row served, as the cursor carries them (see cursorValue). */
export function encodeCursor(
  secret: Buffer,
  r: BoundResource,
  sort: Sort,
  value: unknown,
  key: unknown,
): string {
  const data: CursorData = { r: r.def.name, f: sort.field, o: sort.order, v: value, k: key };
  const body = Buffer.from(JSON.stringify(data)).toString('base64url');
  return `${body}.${mac(secret, body).toString('base64url')}`;
}

/**
 * The sort value as the cursor carries it. A timestamp goes as ISO text with microseconds: a JS Date
 * keeps milliseconds only, and a truncated value would skip rows of the same millisecond.
 */
export function cursorValue(r: BoundResource, sort: Sort): SQL {
  const col = r.columns[sort.field]!;
  return (r.def.fields as Record<string, FieldDef>)[sort.field]?.type === 'datetime'
    ? sql`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql`${col}`.mapWith(col);
}

const ISO_MICROS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/;

/** A JSON value back as the column takes it, or undefined when it cannot be one of this field. */
function columnValue(field: FieldDef | undefined, v: unknown): unknown {
  if (v === null) return null;
  switch (field?.type) {
    case 'datetime':
      return typeof v === 'string' && ISO_MICROS.test(v) ? v : undefined;
    case 'number':
    case 'ref':
      return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
    case 'money':
      return typeof v === 'string' && DECIMAL_PATTERN.test(v) ? v : undefined;
    case 'boolean':
      return typeof v === 'boolean' ? v : undefined;
    default:
      return typeof v === 'string' || typeof v === 'number' ? v : undefined;
  }
}

export interface Position {
  value: unknown;
  key: unknown;
}

/** The position a cursor points after; a field error on `cursor` when it is not one of ours for this list. */
export function decodeCursor(
  secret: Buffer,
  r: BoundResource,
  sort: Sort,
  cursor: string,
  locale: Locale,
): Position {
  const refuse = () => fieldError('cursor', messages[locale]);
  const [body, sig] = cursor.split('.');
  if (!body || !sig) throw refuse();
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refuse();
  let data: CursorData;
  try {
    data = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as CursorData;
  } catch {
    throw refuse();
  }
  if (data.r !== r.def.name || data.f !== sort.field || data.o !== sort.order) throw refuse();
  const fields = r.def.fields as Record<string, FieldDef>;
  const value = columnValue(fields[sort.field], data.v);
  const key = columnValue(fields[r.def.key], data.k);
  if (value === undefined || key === undefined || key === null) throw refuse();
  return { value, key };
}

/**
 * Rows after `at` in the order (sort column, key) both `dir`. PostgreSQL sorts NULLs last ascending
 * and first descending, so a nullable column adds the NULL block on the side where it comes.
 */
export function afterCondition(r: BoundResource, sort: Sort, at: Position): SQL {
  // A timestamp travels as text: typed here so the comparison is on timestamps, not strings.
  const isTime = (r.def.fields as Record<string, FieldDef>)[sort.field]?.type === 'datetime';
  const value = isTime ? sql`${at.value}::timestamptz` : sql`${at.value}`;
  const key = r.columns[r.def.key]!;
  const col = r.columns[sort.field]!;
  const gt = sort.order === 'asc';
  const cmp = (a: SQL, b: SQL) => (gt ? sql`${a} > ${b}` : sql`${a} < ${b}`);
  if (col === key) return cmp(sql`${key}`, sql`${at.key}`);
  if (at.value === null) {
    // Inside the NULL block: later keys of it, then (descending) every non-NULL row.
    const inBlock = and(isNull(col), cmp(sql`${key}`, sql`${at.key}`))!;
    return gt ? inBlock : or(inBlock, isNotNull(col))!;
  }
  // A row comparison, so the planner seeks an index on (column, key) directly.
  const after = cmp(sql`(${col}, ${key})`, sql`(${value}, ${at.key})`);
  return gt && !col.notNull ? or(after, isNull(col))! : after;
}
