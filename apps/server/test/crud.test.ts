/** The CRUD registrar through real routes: filters, paging caps, strict bodies, masking, access, export, audit. */
import { ErrorCode, TOTAL_CAP } from '@payops/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addrPool, addrPoolFlows } from '../src/modules/sys/addr-pool.schema.ts';
import { ipRules, operationLog } from '../src/modules/sys/schema.ts';
import {
  bindAuthenticator,
  call,
  createOperator,
  createTestApp,
  type Session,
  signIn,
  signInAdmin,
  type TestApp,
  totpCode,
} from './harness.ts';

type Page = {
  list: Record<string, unknown>[];
  pager: { page: number; pageSize: number; total: number; totalCapped: boolean };
};

let t: TestApp;
let admin: Session;
let editor: Session;
const TRC = (n: number) => `T${String(n).padStart(33, 'A').replace(/0/g, 'B')}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  await createOperator(t, 'eddie', 'Eddie12345', ['editor']);
  editor = await signIn(t, 'eddie', 'Eddie12345');
});
afterAll(() => t.close());

const list = (body: unknown, session = admin, url = '/api/sys/addrPool/findByPage') =>
  call<Page>(t, 'POST', url, { session, body });

describe('findByPage', () => {
  beforeAll(async () => {
    await t.ctx.db.insert(addrPool).values([
      { address: TRC(1), network: 'TRC20', status: 'free', balance: '0' },
      { address: TRC(2), network: 'TRC20', status: 'assigned', assignee: 'm-1', balance: '12.5' },
      {
        address: `0x${'a'.repeat(40)}`,
        network: 'ERC20',
        status: 'assigned',
        assignee: 'm-2',
        balance: '100.12345678',
      },
    ]);
  });

  it('filters with eq, in and between, and answers money as decimal strings', async () => {
    const eqRes = await list({ filters: { network: 'ERC20' } });
    expect(eqRes.envelope.data.list.map((r) => r.network)).toEqual(['ERC20']);
    expect(eqRes.envelope.data.list[0]!.balance).toBe('100.12345678');
    const inRes = await list({ filters: { status: ['assigned'] } });
    expect(inRes.envelope.data.pager.total).toBe(2);
    const between = await list({ filters: { createdAt: ['2000-01-01T00:00:00Z', null] } });
    expect(between.envelope.data.pager.total).toBe(3);
    const none = await list({ filters: { createdAt: [null, '2000-01-01T00:00:00Z'] } });
    expect(none.envelope.data.pager.total).toBe(0);
  });

  it('filters with contains, escaping LIKE wildcards', async () => {
    await call(t, 'POST', '/api/sys/blackIp/add', {
      session: admin,
      body: { cidr: '203.0.113.0/24', remark: 'x' },
    });
    const hit = await list({ filters: { cidr: '203.0.113' } }, admin, '/api/sys/blackIp/findByPage');
    expect(hit.envelope.data.pager.total).toBe(1);
    const wildcard = await list({ filters: { cidr: '%' } }, admin, '/api/sys/blackIp/findByPage');
    expect(wildcard.envelope.data.pager.total).toBe(0);
  });

  it('sorts only by whitelisted fields', async () => {
    const sorted = await list({ sort: { field: 'balance', order: 'desc' } });
    expect(sorted.envelope.data.list.map((r) => r.balance)).toEqual([
      '100.12345678',
      '12.50000000',
      '0.00000000',
    ]);
    const refused = await list({ sort: { field: 'assignee', order: 'asc' } });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.envelope.data)).toContain('sort.field');
  });

  it('caps the page size at 100 and refuses offsets beyond 10,000 rows', async () => {
    expect((await list({ pageSize: 101 })).statusCode).toBe(400);
    expect((await list({ page: 100, pageSize: 100 })).envelope.code).toBe(0);
    const deep = await list({ page: 101, pageSize: 100 });
    expect(deep.statusCode).toBe(400);
    expect(deep.envelope.data).toMatchObject({ fields: [{ field: 'page' }] });
  });

  it('counts exactly up to 10,000 and reports a capped total beyond', async () => {
    const [pool] = await t.ctx.db.select().from(addrPool).limit(1);
    await t.ctx.db.execute(sql`
      INSERT INTO addr_pool_flows (address_id, address, network, direction, amount, balance_after, tx_hash)
      SELECT ${pool!.id}, ${pool!.address}, 'TRC20', 'in', '1', '1', 'h' || g FROM generate_series(1, ${TOTAL_CAP + 50}) g`);
    const res = await list({ pageSize: 20 }, admin, '/api/sys/addrPoolFlowList/findByPage');
    expect(res.envelope.data.pager).toMatchObject({
      page: 1,
      pageSize: 20,
      total: TOTAL_CAP,
      totalCapped: true,
    });
    const exact = await list({ filters: { txHash: 'h7' } }, admin, '/api/sys/addrPoolFlowList/findByPage');
    expect(exact.envelope.data.pager).toMatchObject({ total: 1, totalCapped: false });
    await t.ctx.db.delete(addrPoolFlows);
  });

  it('refuses unknown filters and unknown body keys', async () => {
    expect((await list({ filters: { balance: '1' } })).statusCode).toBe(400);
    expect((await list({ where: '1=1' })).statusCode).toBe(400);
  });
});

describe('strict bodies (no mass assignment)', () => {
  it('refuses an add or edit body carrying balance, naming the field', async () => {
    const add = await call(t, 'POST', '/api/sys/addrPool/add', {
      session: admin,
      body: { address: TRC(9), network: 'TRC20', balance: '1000000' },
    });
    expect(add.statusCode).toBe(400);
    expect(add.envelope.msg).toContain('balance');
    const [row] = await t.ctx.db
      .select()
      .from(addrPool)
      .where(eq(addrPool.address, TRC(1)));
    const edit = await call(t, 'POST', '/api/sys/addrPool/edit', {
      session: admin,
      body: { id: row!.id, balance: '1000000' },
    });
    expect(edit.statusCode).toBe(400);
    const [after] = await t.ctx.db.select().from(addrPool).where(eq(addrPool.id, row!.id));
    expect(after!.balance).toBe('0.00000000');
  });

  it('names missing required fields and read-only-on-edit fields are refused', async () => {
    const add = await call(t, 'POST', '/api/sys/addrPool/add', {
      session: admin,
      body: { network: 'TRC20' },
    });
    expect(add.envelope.data).toMatchObject({ fields: [{ field: 'address' }] });
    const [row] = await t.ctx.db.select().from(addrPool).limit(1);
    const edit = await call(t, 'POST', '/api/sys/addrPool/edit', {
      session: admin,
      body: { id: row!.id, address: TRC(5) },
    });
    expect(edit.statusCode).toBe(400);
  });
});

describe("module checks in the operator's language", () => {
  it('names a bad CIDR and a bad pool address in zh-CN and en-US, writing nothing', async () => {
    const before = (await t.ctx.db.select().from(ipRules)).length;
    for (const [locale, cidr, address] of [
      ['zh-CN', '不是有效的IP地址或CIDR网段', '不是有效的TRC20地址'],
      ['en-US', 'is not an IP address or CIDR block', 'is not a TRC20 address'],
    ] as const) {
      const headers = { 'accept-language': locale };
      const ip = await call(t, 'POST', '/api/sys/blackIp/add', {
        session: admin,
        body: { cidr: '10.0.0.1/8' },
        headers,
      });
      expect(ip.envelope.data).toEqual({ fields: [{ field: 'cidr', message: cidr }] });
      const pool = await call(t, 'POST', '/api/sys/addrPool/add', {
        session: admin,
        body: { address: 'T123', network: 'TRC20' },
        headers,
      });
      expect(pool.envelope.data).toEqual({ fields: [{ field: 'address', message: address }] });
    }
    expect((await t.ctx.db.select().from(ipRules)).length).toBe(before);
  });
});

describe('access', () => {
  it('lets an editor read but answers 403 on add, edit, remove and export', async () => {
    expect((await list({}, editor)).envelope.code).toBe(0);
    const [row] = await t.ctx.db.select().from(ipRules).limit(1);
    const add = await call(t, 'POST', '/api/sys/blackIp/add', {
      session: editor,
      body: { cidr: '198.51.100.7' },
    });
    const edit = await call(t, 'POST', '/api/sys/blackIp/edit', {
      session: editor,
      body: { id: row!.id, remark: 'y' },
    });
    const remove = await call(t, 'POST', '/api/sys/blackIp/removeByIds', {
      session: editor,
      body: { ids: [row!.id] },
    });
    const exp = await call(t, 'POST', '/api/sys/blackIp/export', { session: editor, body: {} });
    for (const res of [add, edit, remove, exp]) {
      expect(res.statusCode).toBe(403);
      expect(res.envelope.code).toBe(ErrorCode.forbidden);
    }
  });
});

describe('masking', () => {
  it('masks personal data in lists, getById and exports until the session unmasks', async () => {
    const id = await createOperator(t, 'masky', 'Masky12345', ['editor']);
    await t.ctx.db.execute(sql`UPDATE operators SET display_name = 'Zhang Sanfeng' WHERE id = ${id}`);
    const masked = await call<Page>(t, 'POST', '/api/sys/user/findByPage', {
      session: admin,
      body: { filters: { username: 'masky' } },
    });
    expect(masked.envelope.data.list[0]!.displayName).toBe('Z************');
    const one = await call<Record<string, unknown>>(t, 'GET', `/api/sys/user/getById?id=${id}`, {
      session: admin,
    });
    expect(one.envelope.data.displayName).toBe('Z************');
    expect(one.envelope.data).not.toHaveProperty('passwordHash');
    const csv = await call(t, 'POST', '/api/sys/user/export', {
      session: admin,
      body: { filters: { username: 'masky' } },
    });
    expect(csv.body).toContain('Z************');
    expect(csv.body).not.toContain('Zhang Sanfeng');

    const secret = await bindAuthenticator(t, admin, 1);
    const unmask = await call(t, 'GET', '/api/sys/user/googleAuthAdmin', {
      session: admin,
      code: await totpCode(t, secret),
    });
    expect(unmask.envelope.code).toBe(0);
    const clear = await call<Page>(t, 'POST', '/api/sys/user/findByPage', {
      session: admin,
      body: { filters: { username: 'masky' } },
    });
    expect(clear.envelope.data.list[0]!.displayName).toBe('Zhang Sanfeng');
  });
});

describe('writes and audit', () => {
  it('records add, edit and remove with before and after in the operation log', async () => {
    const add = await call<{ id: number }>(t, 'POST', '/api/sys/blackIp/add', {
      session: admin,
      body: { cidr: '192.0.2.0/24', remark: 'first' },
    });
    expect(add.envelope.code).toBe(0);
    const id = add.envelope.data.id;
    const edit = await call(t, 'POST', '/api/sys/blackIp/edit', {
      session: admin,
      body: { id, remark: 'second' },
    });
    expect(edit.envelope.code).toBe(0);
    const [editRow] = await t.ctx.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, 'sys.blackIp.edit'))
      .orderBy(desc(operationLog.id));
    expect(editRow).toMatchObject({ objectType: 'blackIp', objectId: String(id), result: 'success' });
    expect(editRow!.detail).toMatchObject({ before: { remark: 'first' }, after: { remark: 'second' } });
    const remove = await call(t, 'POST', '/api/sys/blackIp/removeByIds', {
      session: admin,
      body: { ids: [id] },
    });
    expect(remove.envelope.data).toEqual({ removed: 1 });
    const [removeRow] = await t.ctx.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.action, 'sys.blackIp.remove'), eq(operationLog.result, 'success')));
    expect(removeRow!.detail).toMatchObject({ before: [{ cidr: '192.0.2.0/24', remark: 'second' }] });
  });

  it('refuses an invalid CIDR and a duplicate, and keeps white and black rows apart', async () => {
    const bad = await call(t, 'POST', '/api/sys/blackIp/add', {
      session: admin,
      body: { cidr: '10.0.0.1/8' },
    });
    expect(bad.envelope.data).toMatchObject({ fields: [{ field: 'cidr' }] });
    expect(
      (await call(t, 'POST', '/api/sys/whiteIp/add', { session: admin, body: { cidr: '10.1.0.0/16' } }))
        .envelope.code,
    ).toBe(0);
    const dup = await call(t, 'POST', '/api/sys/whiteIp/add', {
      session: admin,
      body: { cidr: '10.1.0.0/16' },
    });
    expect(dup.envelope.code).toBe(ErrorCode.conflict);
    const black = await list({ filters: { cidr: '10.1.' } }, admin, '/api/sys/blackIp/findByPage');
    expect(black.envelope.data.pager.total).toBe(0);
  });

  it('enforces a new black-list rule at once (the IP filter cache is cleared)', async () => {
    await list({}, admin, '/api/sys/blackIp/findByPage'); // warms the cache for 127.0.0.1
    const add = await call(t, 'POST', '/api/sys/blackIp/add', {
      session: admin,
      body: { cidr: '127.0.0.1/32' },
    });
    expect(add.envelope.code).toBe(0);
    const denied = await list({}, admin, '/api/sys/blackIp/findByPage');
    expect(denied.envelope.code).toBe(ErrorCode.ipDenied);
    await t.ctx.db.delete(ipRules).where(sql`cidr = '127.0.0.1/32'::cidr`);
    t.ipFilter.invalidate();
  });
});

describe('export', () => {
  beforeAll(async () => {
    await call(t, 'POST', '/api/sys/blackIp/add', {
      session: admin,
      body: { cidr: '198.51.100.0/24', remark: '=1+1' },
    });
  });

  it('streams CSV with formula cells neutralised, and audits the export', async () => {
    const res = await call(t, 'POST', '/api/sys/blackIp/export', {
      session: admin,
      body: { format: 'csv' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="blackIp-.*\.csv"/);
    expect(res.body).toContain('Black list IP or CIDR');
    expect(res.body).toContain("'=1+1");
    expect(res.body).not.toMatch(/(^|,)=1\+1/m);
    const rows = await t.ctx.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, 'sys.blackIp.export'));
    // The editor's refused attempt (above) is recorded too, as a failure.
    expect(rows.map((r) => [r.operatorName, r.result])).toEqual([
      ['eddie', 'failure'],
      ['admin', 'success'],
    ]);
    expect(rows[1]!.detail).toMatchObject({ export: 'csv' });
  });

  it('streams .xlsx with the same neutralised text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sys/blackIp/export',
      headers: { access_token: admin.token, cookie: `payops_session=${admin.cookie}` },
      payload: { format: 'xlsx' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = wb.worksheets[0]!.getSheetValues()
      .flat()
      .filter((v) => typeof v === 'string');
    expect(values).toContain("'=1+1");
    expect(values).not.toContain('=1+1');
  });
});
