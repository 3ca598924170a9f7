/** /sys logs, address pool, IP lists, back-office config and messages: their special actions. */
import { DATACENTER_SWITCHES, ErrorCode, loginLog } from '@payops/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addrPool } from '../src/modules/sys/addr-pool.schema.ts';
import { operationLog } from '../src/modules/sys/schema.ts';
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

type Page<T = Record<string, unknown>> = { list: T[]; pager: { total: number } };

let t: TestApp;
let admin: Session;
let editor: Session;
let secret: string;
async function code(): Promise<string> {
  t.ctx.clock.advance(30_000);
  return totpCode(t, secret);
}
const post = <T = Record<string, unknown>>(
  url: string,
  body: unknown,
  opts: { session?: Session; code?: string } = {},
) => call<T>(t, 'POST', url, { session: opts.session ?? admin, body, code: opts.code });
const TRC = 'TXYZopqrstuvwxyzABCDEFGHJKLMNPQRST';

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  secret = await bindAuthenticator(t, admin, 1);
  await createOperator(t, 'edna', 'Edna123456', ['editor']);
  editor = await signIn(t, 'edna', 'Edna123456');
});
afterAll(() => t.close());

describe('opearlog and login_log', () => {
  it('filters the operation log and shows a row in detail; no route removes or edits it', async () => {
    await post('/api/sys/blackIp/add', { cidr: '203.0.113.5', remark: 'probe' });
    const res = await post<Page<{ id: number; action: string }>>('/api/sys/opearlog/findByPage', {
      filters: { action: 'sys.blackIp.add', result: 'success' },
    });
    expect(res.envelope.data.pager.total).toBe(1);
    const detail = await call<{ detail: { after: { remark: string } } }>(
      t,
      'GET',
      `/api/sys/opearlog/getById?id=${res.envelope.data.list[0]!.id}`,
      { session: admin },
    );
    expect(detail.envelope.data.detail.after.remark).toBe('probe');
    const logRoutes = t.routes.filter(
      (r) => r.url.startsWith('/api/sys/opearlog/') || r.url.startsWith('/api/sys/login_log/'),
    );
    // Reads only: the list, one row, an export, the options and a row's history (every resource has them).
    expect(logRoutes.map((r) => r.url.split('/').pop()).sort()).toEqual([
      'audit',
      'audit',
      'export',
      'export',
      'findByPage',
      'findByPage',
      'getById',
      'getById',
      'options',
      'options',
    ]);
  });

  it('lists sign-in attempts by username and result', async () => {
    const res = await post<Page>('/api/sys/login_log/findByPage', {
      filters: { username: 'edna', result: 'success' },
    });
    expect(res.envelope.data.pager.total).toBe(1);
    expect(res.envelope.data.list[0]).toMatchObject({
      username: 'edna',
      factor: 'password',
      ip: '127.0.0.1',
      reason: 'ok',
    });
    // Each reason the service writes is an option of the page, shown by its label (not the code).
    const failed = await post<Page>('/api/sys/login_log/findByPage', { filters: { result: 'failure' } });
    const options = loginLog.fields.reason.options.map((o) => o.value);
    for (const row of [...res.envelope.data.list, ...failed.envelope.data.list])
      expect(options).toContain(row.reason);
  });
});

describe('addrPool and addrPoolFlowList', () => {
  it('imports addresses line by line, reporting bad, repeated and existing lines', async () => {
    await post('/api/sys/addrPool/add', { address: TRC, network: 'TRC20' });
    const good = 'TABCDEFGHJKLMNPQRSTUVWXYZabcdefghi';
    const lines = [good, 'not-an-address', '', good, TRC, `0x${'b'.repeat(40)}`].join('\n');
    const res = await post<{ imported: number; errors: { line: number; reason: string }[] }>(
      '/api/sys/addrPool/import',
      { network: 'TRC20', addresses: lines },
    );
    expect(res.envelope.data).toEqual({
      imported: 1,
      errors: [
        { line: 2, value: 'not-an-address', reason: 'format' },
        { line: 4, value: good, reason: 'duplicate' },
        { line: 5, value: TRC, reason: 'exists' },
        { line: 6, value: `0x${'b'.repeat(40)}`, reason: 'format' },
      ],
    });
  });

  it('checks the address format of its network and the assignee of an assigned address', async () => {
    const bad = await post('/api/sys/addrPool/add', { address: `0x${'c'.repeat(40)}`, network: 'TRC20' });
    expect(bad.envelope.data).toMatchObject({ fields: [{ field: 'address' }] });
    const [row] = await t.ctx.db.select().from(addrPool).where(eq(addrPool.address, TRC));
    const noAssignee = await post('/api/sys/addrPool/edit', { id: row!.id, status: 'assigned' });
    expect(noAssignee.envelope.data).toMatchObject({ fields: [{ field: 'assignee' }] });
    expect(
      (await post('/api/sys/addrPool/edit', { id: row!.id, status: 'assigned', assignee: 'merchant-7' }))
        .envelope.code,
    ).toBe(0);
  });

  it('removes only free addresses without a balance', async () => {
    const [assigned] = await t.ctx.db.select().from(addrPool).where(eq(addrPool.address, TRC));
    expect((await post('/api/sys/addrPool/removeByIds', { ids: [assigned!.id] })).statusCode).toBe(400);
    const [funded] = await t.ctx.db
      .insert(addrPool)
      .values({ address: `0x${'d'.repeat(40)}`, network: 'ERC20', balance: '0.00000001' })
      .returning();
    expect((await post('/api/sys/addrPool/removeByIds', { ids: [funded!.id] })).statusCode).toBe(400);
    const [empty] = await t.ctx.db
      .insert(addrPool)
      .values({ address: `0x${'e'.repeat(40)}`, network: 'ERC20' })
      .returning();
    expect((await post('/api/sys/addrPool/removeByIds', { ids: [empty!.id] })).envelope.data).toEqual({
      removed: 1,
    });
  });

  it('lists flows by address and direction with decimal amounts', async () => {
    const [row] = await t.ctx.db.select().from(addrPool).where(eq(addrPool.address, TRC));
    const { addrPoolFlows } = await import('../src/modules/sys/addr-pool.schema.ts');
    await t.ctx.db.insert(addrPoolFlows).values([
      {
        addressId: row!.id,
        address: TRC,
        network: 'TRC20',
        direction: 'in',
        amount: '10.10',
        balanceAfter: '10.10',
        txHash: 'a1',
      },
      {
        addressId: row!.id,
        address: TRC,
        network: 'TRC20',
        direction: 'out',
        amount: '0.10',
        balanceAfter: '10.00',
        txHash: 'a2',
      },
    ]);
    const res = await post<Page>('/api/sys/addrPoolFlowList/findByPage', {
      filters: { address: TRC, direction: 'out' },
    });
    expect(res.envelope.data.list).toEqual([
      expect.objectContaining({ amount: '0.10000000', balanceAfter: '10.00000000', txHash: 'a2' }),
    ]);
  });
});

describe('whiteIp switch', () => {
  const from = (ip: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/current',
      remoteAddress: ip,
      headers: { access_token: admin.token, cookie: `payops_session=${admin.cookie}` },
    });

  it('enforces the white list when switched on (with a code), and audits the switch', async () => {
    expect((await post('/api/sys/whiteIp/add', { cidr: '127.0.0.1' })).envelope.code).toBe(0);
    expect((await post('/api/sys/whiteIp/switch', { enabled: true })).envelope.code).toBe(ErrorCode.needCode);
    expect(
      (await post('/api/sys/whiteIp/switch', { enabled: true }, { code: await code() })).envelope.code,
    ).toBe(0);
    expect(
      (await call<{ enabled: boolean }>(t, 'GET', '/api/sys/whiteIp/switch', { session: admin })).envelope
        .data.enabled,
    ).toBe(true);
    expect((await from('198.51.100.9')).json().code).toBe(ErrorCode.ipDenied);
    expect((await from('127.0.0.1')).json().code).toBe(0);
    // A sign-in refused by the list is logged as the sign-in route (the log names it), not "public".
    const deniedSignIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth',
      remoteAddress: '198.51.100.9',
      payload: { username: 'nobody', password: 'x' },
    });
    expect(deniedSignIn.json().code).toBe(ErrorCode.ipDenied);
    const [refused] = await t.ctx.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.ip, '198.51.100.9'), eq(operationLog.path, '/api/auth')));
    expect(refused).toMatchObject({ action: '/api/auth', result: 'failure', code: ErrorCode.ipDenied });
    const [row] = await t.ctx.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, 'sys.whiteIp.switch'))
      .orderBy(desc(operationLog.id));
    expect(row!.detail).toMatchObject({ before: false, after: true });
    // Switching it off weakens a protection: it waits for a second administrator.
    const off = await post<{ enabled: boolean; pendingChangeId: number }>(
      '/api/sys/whiteIp/switch',
      { enabled: false },
      { code: await code() },
    );
    expect(off.envelope.data.enabled).toBe(true);
    expect((await from('198.51.100.9')).json().code).toBe(ErrorCode.ipDenied);
    const checkerId = await createOperator(t, 'checker', 'Checker12345', ['admin']);
    const checker = await signIn(t, 'checker', 'Checker12345');
    const checkerSecret = await bindAuthenticator(t, checker, checkerId);
    const approved = await post(
      '/api/sys/pendingChange/approve',
      { id: off.envelope.data.pendingChangeId },
      { session: checker, code: await totpCode(t, checkerSecret) },
    );
    expect(approved.envelope.code, approved.body).toBe(0);
    expect((await from('198.51.100.9')).json().code).toBe(0);
  });
});

describe('sysBackConfig', () => {
  it('lists every setting with its type and value', async () => {
    const res = await post<Page<{ key: string; type: string; value: unknown }>>(
      '/api/sys/sysBackConfig/findByPage',
      {},
    );
    expect(res.envelope.data.list).toContainEqual(
      expect.objectContaining({ key: 'orderTimeoutMinutes', type: 'number', value: 30 }),
    );
  });

  it('validates each value by its type and audits before and after', async () => {
    const set = (key: string, value: unknown) =>
      post('/api/sys/sysBackConfig/edit', { key, value }, { code: undefined });
    expect((await set('orderTimeoutMinutes', 45)).envelope.code).toBe(ErrorCode.needCode);
    const withCode = async (key: string, value: unknown) =>
      post('/api/sys/sysBackConfig/edit', { key, value }, { code: await code() });
    expect((await withCode('orderTimeoutMinutes', 0)).envelope.data).toMatchObject({
      fields: [{ field: 'value' }],
    });
    expect((await withCode('orderTimeoutMinutes', '45')).statusCode).toBe(400);
    expect((await withCode('adjustApprovalThreshold', 1000.5)).statusCode).toBe(400);
    // A refinement's message in words, not a generic "is invalid".
    expect((await withCode('adjustApprovalThreshold', '-5')).envelope.data).toEqual({
      fields: [{ field: 'value', message: '不能小于0' }],
    });
    expect((await withCode('cashierStaff', ['amy', 'amy'])).envelope.data).toEqual({
      fields: [{ field: 'value', message: '含有重复项' }],
    });
    expect((await withCode('noSuchKey', true)).envelope.data).toMatchObject({ fields: [{ field: 'key' }] });
    expect((await withCode('orderTimeoutMinutes', 45)).envelope.code).toBe(0);
    expect((await withCode('adjustApprovalThreshold', '1000.50')).envelope.code).toBe(0);
    const [row] = await t.ctx.db
      .select()
      .from(operationLog)
      .where(
        and(
          eq(operationLog.action, 'sys.sysBackConfig.edit'),
          eq(operationLog.objectId, 'orderTimeoutMinutes'),
          eq(operationLog.result, 'success'),
        ),
      );
    expect(row!.detail).toMatchObject({ before: 30, after: 45 });

    // The list names who set it, and a link to the setting (getById) opens the row the list shows.
    const listed = (await post<Page>('/api/sys/sysBackConfig/findByPage', {})).envelope.data.list.find(
      (r) => r.key === 'orderTimeoutMinutes',
    );
    expect(listed).toMatchObject({ value: 45, updatedBy: 1, updatedByLabel: 'admin' });
    const opened = await call(t, 'GET', '/api/sys/sysBackConfig/getById?id=orderTimeoutMinutes', {
      session: admin,
    });
    expect(opened.envelope.data).toEqual(listed);
    // An unset one opens with its default; an unknown key is not found.
    const unset = await call(t, 'GET', '/api/sys/sysBackConfig/getById?id=cashierStaff', { session: admin });
    expect(unset.envelope.data).toMatchObject({ key: 'cashierStaff', type: 'stringList', updatedBy: null });
    const unknown = await call(t, 'GET', '/api/sys/sysBackConfig/getById?id=noSuchKey', { session: admin });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers the DATACENTER_ONOFF_CONTROLLER switch list', async () => {
    const value = { DEPOSIT: true, WITHDRAW: false, MATCH: true, USDT: true, OTC: false };
    expect(
      (
        await post(
          '/api/sys/sysBackConfig/edit',
          { key: 'DATACENTER_ONOFF_CONTROLLER', value: { ...value, EXTRA: true } },
          { code: await code() },
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await post(
          '/api/sys/sysBackConfig/edit',
          { key: 'DATACENTER_ONOFF_CONTROLLER', value },
          { code: await code() },
        )
      ).envelope.code,
    ).toBe(0);
    const res = await call(
      t,
      'GET',
      '/api/pay/thirdconfig/getConfigSelectorByCode?code=DATACENTER_ONOFF_CONTROLLER',
      { session: editor },
    );
    // Switches the value leaves out (the newer ones) read as on.
    expect(res.envelope.data).toEqual(
      Object.keys(DATACENTER_SWITCHES).map((c) => ({
        code: c,
        value: value[c as keyof typeof value] ?? true,
      })),
    );
    expect(
      (await call(t, 'GET', '/api/pay/thirdconfig/getConfigSelectorByCode?code=OTHER', { session: editor }))
        .statusCode,
    ).toBe(400);
  });
});

describe('message', () => {
  it('composes, publishes once, counts unread per operator and marks read', async () => {
    const draft = await post<{ id: number; status: string }>('/api/sys/message/add', {
      title: 'Maintenance',
      content: 'Tonight 02:00 UTC',
    });
    expect(draft.envelope.data.status).toBe('draft');
    const id = draft.envelope.data.id;
    expect((await post('/api/sys/message/edit', { id, content: 'Tonight 03:00 UTC' })).envelope.code).toBe(0);
    const unread = () =>
      call<{ count: number }>(t, 'GET', '/api/sys/message/unreadCount', { session: editor });
    expect((await unread()).envelope.data.count).toBe(0);
    expect((await post('/api/sys/message/publish', { id }, { session: editor })).statusCode).toBe(403);
    expect((await post('/api/sys/message/publish', { id })).envelope.code).toBe(0);
    expect((await post('/api/sys/message/publish', { id })).envelope.code).toBe(ErrorCode.conflict);
    // Published: neither edited nor removed (the lifecycle's editableIn, on the server), its state named.
    const edit = await post('/api/sys/message/edit', { id, content: 'changed' });
    expect(edit.envelope.code).toBe(ErrorCode.conflict);
    expect(edit.body).toContain('「已发布」状态下不能修改或删除');
    const remove = await call(t, 'POST', '/api/sys/message/removeByIds', {
      session: admin,
      body: { ids: [id] },
      headers: { 'accept-language': 'en-US' },
    });
    expect(remove.envelope.code).toBe(ErrorCode.conflict);
    expect(remove.body).toContain('cannot be changed or removed while Published');
    expect((await unread()).envelope.data.count).toBe(1);
    const mine = await post<Page<{ id: number; read: boolean; content: string }>>(
      '/api/sys/message/mine',
      {},
      { session: editor },
    );
    expect(mine.envelope.data.list).toEqual([
      expect.objectContaining({ id, read: false, content: 'Tonight 03:00 UTC' }),
    ]);
    expect(
      (await post('/api/sys/message/markRead', { ids: [id] }, { session: editor })).envelope.data,
    ).toEqual({ marked: 1 });
    expect((await unread()).envelope.data.count).toBe(0);
    expect(
      (await call<{ count: number }>(t, 'GET', '/api/sys/message/unreadCount', { session: admin })).envelope
        .data.count,
    ).toBe(1);
  });
});
