/**
 * Deep pages and exports: keyset paging walks every row once in every sort (ties and microsecond
 * timestamps included), stays stable while rows are inserted, refuses forged or foreign cursors and
 * goes past the 10,000-row OFFSET limit; exports read from one snapshot and a query that fails
 * mid-way gives the client a failed download, never a 200 with a truncated file.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { addrPool, addrPoolFlows } from '../src/modules/sys/addr-pool.schema.ts';
import { exportReading } from '../src/platform/crud/export-source.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';

type Row = Record<string, unknown>;
type Page = {
  list: Row[];
  pager: { page: number; total: number | null; totalCapped: boolean; nextCursor: string | null };
};

const LIST = '/api/sys/addrPoolFlowList/findByPage';
const EXPORT = '/api/sys/addrPoolFlowList/export';
let t: TestApp;
let admin: Session;
let addressId: number;

const list = (body: object, headers?: Record<string, string>) =>
  call<Page>(t, 'POST', LIST, { session: admin, body, headers });

/** Flows with ties on amount and on created_at, and timestamps that differ below a millisecond. */
async function seed(n: number) {
  await t.ctx.db.execute(sql`
    INSERT INTO addr_pool_flows (address_id, address, network, direction, amount, balance_after, tx_hash, created_at)
    SELECT ${addressId}, 'TADDR', 'TRC20', CASE WHEN g % 3 = 0 THEN 'out' ELSE 'in' END, (g % 7)::numeric, 0,
           'h' || g, timestamptz '2026-01-01' + (g / 2) * interval '1 microsecond' * 250
    FROM generate_series(1, ${n}) g`);
}

async function walk(body: object): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const res = await list({ ...body, page, ...(cursor ? { cursor } : {}) });
    expect(res.envelope.code, res.body).toBe(0);
    rows.push(...res.envelope.data.list);
    if (!res.envelope.data.pager.nextCursor) return rows;
    cursor = res.envelope.data.pager.nextCursor;
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  const [a] = await t.ctx.db
    .insert(addrPool)
    .values({ address: 'TADDR', network: 'TRC20', status: 'free', balance: '0' })
    .returning();
  addressId = a!.id;
});
afterAll(() => t.close());

describe('keyset paging', () => {
  beforeAll(async () => {
    await t.ctx.db.delete(addrPoolFlows);
    await seed(230);
  });

  it('walks every row exactly once, in the order of the sort, for each sortable field', async () => {
    const sorts = [
      { field: 'id', order: 'desc' },
      { field: 'createdAt', order: 'desc' },
      { field: 'createdAt', order: 'asc' },
      { field: 'amount', order: 'asc' },
    ] as const;
    for (const sort of sorts) {
      const rows = await walk({ pageSize: 40, sort, withTotal: false });
      const ids = rows.map((r) => r.id);
      expect(new Set(ids).size, sort.field).toBe(230);
      const col = sort.field === 'createdAt' ? 'created_at' : sort.field;
      const { rows: expected } = await t.ctx.pool.query(
        `SELECT id FROM addr_pool_flows ORDER BY ${col} ${sort.order}, id ${sort.order}`,
      );
      expect(ids, `${sort.field} ${sort.order}`).toEqual(expected.map((r) => Number(r.id)));
    }
  });

  it('keeps to its place while rows are inserted: nothing repeats, nothing is skipped', async () => {
    const first = await list({ page: 1, pageSize: 50 });
    const seen = first.envelope.data.list.map((r) => r.id as number);
    const { rows: before } = await t.ctx.pool.query('SELECT id FROM addr_pool_flows ORDER BY id DESC');
    await seed(30); // newer rows: they sort first, and would shift every OFFSET page by 30
    let cursor = first.envelope.data.pager.nextCursor;
    const rest: number[] = [];
    while (cursor) {
      const res = await list({ page: 2, pageSize: 50, cursor, withTotal: false });
      rest.push(...res.envelope.data.list.map((r) => r.id as number));
      cursor = res.envelope.data.pager.nextCursor;
    }
    expect([...seen, ...rest]).toEqual(before.map((r) => Number(r.id)));
  });

  it('counts only when asked', async () => {
    const counted = await list({ page: 1, pageSize: 10 });
    expect(counted.envelope.data.pager).toMatchObject({ total: 260, totalCapped: false });
    const skipped = await list({ page: 2, pageSize: 10, withTotal: false });
    expect(skipped.envelope.data.pager.total).toBeNull();
    expect(skipped.envelope.data.list).toHaveLength(10);
  });

  it('refuses a forged cursor, or one made for another sort, in the operator language', async () => {
    const page = await list({ page: 1, pageSize: 5 });
    const cursor = page.envelope.data.pager.nextCursor!;
    const [body, sig] = cursor.split('.');
    const data = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${Buffer.from(JSON.stringify({ ...data, k: 1 })).toString('base64url')}.${sig}`;
    for (const bad of [forged, `${cursor}x`, 'garbage']) {
      const res = await list({ page: 2, pageSize: 5, cursor: bad });
      expect(res.statusCode).toBe(400);
      expect(res.envelope.data).toMatchObject({ fields: [{ field: 'cursor' }] });
    }
    const otherSort = await list(
      { page: 2, pageSize: 5, cursor, sort: { field: 'createdAt', order: 'desc' } },
      { 'accept-language': 'zh-CN' },
    );
    expect(otherSort.statusCode).toBe(400);
    expect(JSON.stringify(otherSort.envelope.data)).toContain('游标');
  });

  it('serves pages beyond the first 10,000 rows by cursor only', async () => {
    await seed(10_100);
    const deep = await list({ page: 202, pageSize: 50 }, { 'accept-language': 'en-US' });
    expect(deep.statusCode).toBe(400);
    expect(deep.envelope.data).toEqual({
      fields: [{ field: 'page', message: 'only the first 10000 rows are served; narrow the filters' }],
    });
    const last = await list({ page: 200, pageSize: 50, withTotal: false });
    expect(last.envelope.code).toBe(0);
    const next = await list({ page: 201, pageSize: 50, cursor: last.envelope.data.pager.nextCursor! });
    expect(next.envelope.code, next.body).toBe(0);
    const { rows } = await t.ctx.pool.query(
      'SELECT id FROM addr_pool_flows ORDER BY id DESC OFFSET 10000 LIMIT 50',
    );
    expect(next.envelope.data.list.map((r) => r.id)).toEqual(rows.map((r) => Number(r.id)));
  });
});

/**
 * Wraps the pool so the export's own connection (the one taken with `pool.connect()`, not the
 * callback-style connects of `pool.query`) runs `onSelect(n)` before its n-th SELECT.
 */
function spyExportConnection(onSelect: (n: number) => Promise<void>) {
  const pool = t.ctx.pool;
  const connect = pool.connect.bind(pool) as (...a: unknown[]) => Promise<pg.PoolClient> | undefined;
  let wrapped = false;
  return vi.spyOn(pool, 'connect').mockImplementation(((...args: unknown[]) => {
    if (args.length > 0 || wrapped) return connect(...args);
    wrapped = true;
    return connect()!.then((client) => {
      const query = client.query.bind(client) as (...a: unknown[]) => Promise<unknown>;
      let selects = 0;
      const release = client.release.bind(client);
      client.query = (async (...a: unknown[]) => {
        const text = typeof a[0] === 'string' ? a[0] : (a[0] as { text: string }).text;
        if (/^select/i.test(text)) await onSelect(++selects);
        return query(...a);
      }) as never;
      // Back in the pool the connection is an ordinary one again.
      client.release = ((err?: Error | boolean) => {
        client.query = query as never;
        client.release = release;
        return release(err);
      }) as never;
      return client;
    });
  }) as never);
}

describe('export from a snapshot', () => {
  beforeEach(async () => {
    await t.ctx.db.delete(addrPoolFlows);
    await seed(250);
    exportReading.batchRows = 100;
  });
  afterAll(() => {
    exportReading.batchRows = 1000;
  });

  it('streams every row in keyset batches, and rows written meanwhile are not in the file', async () => {
    const spy = spyExportConnection(async (n) => {
      if (n === 2) await seed(40); // committed by another connection after the first batch
    });
    const res = await call(t, 'POST', EXPORT, { session: admin, body: { format: 'csv' } });
    spy.mockRestore();
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(1 + 250);
    const ids = lines.slice(1).map((l) => Number(l.split(',')[0]));
    expect(new Set(ids).size).toBe(250);
    expect(await t.ctx.db.$count(addrPoolFlows)).toBe(290);
  });

  it('answers an error, not an empty 200 file, when the first read fails', async () => {
    const spy = spyExportConnection(async () => {
      throw new Error('connection lost');
    });
    const res = await call(t, 'POST', EXPORT, { session: admin, body: { format: 'csv' } });
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    expect(res.envelope.code).not.toBe(0);
  });

  it('aborts the download when a later batch fails, so the client sees a failed download', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const spy = spyExportConnection(async (n) => {
      if (n === 3) throw new Error('connection lost');
    });
    const res = await fetch(`http://127.0.0.1:${port}${EXPORT}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        access_token: admin.token,
        cookie: `payops_session=${admin.cookie}`,
      },
      body: JSON.stringify({ format: 'csv' }),
    });
    expect(res.status).toBe(200); // the headers went with the first batch
    await expect(res.text()).rejects.toThrow();
    spy.mockRestore();
  });
});
