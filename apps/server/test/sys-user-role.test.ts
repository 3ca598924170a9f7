/** /sys user, role and resource pages: their special actions through the API. */
import { ErrorCode } from '@payops/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operators, resources, roleResources, roles } from '../src/modules/sys/schema.ts';
import {
  bindAuthenticator,
  call,
  createOperator,
  createTestApp,
  encrypt,
  type Session,
  signIn,
  signInAdmin,
  signInRaw,
  type TestApp,
  totpCode,
} from './harness.ts';

let t: TestApp;
let admin: Session;
let secret: string;
/** A fresh code for the admin: each code works once, so the clock moves to the next 30 s step. */
async function code(): Promise<string> {
  t.ctx.clock.advance(30_000);
  return totpCode(t, secret);
}
const me = (s: Session) => call(t, 'GET', '/api/current', { session: s });
const post = (url: string, body: unknown, withCode?: string) =>
  call<Record<string, unknown>>(t, 'POST', url, { session: admin, body, code: withCode });

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  secret = await bindAuthenticator(t, admin, 1);
});
afterAll(() => t.close());

describe('user', () => {
  it('creates an operator from an encrypted password, who can then sign in', async () => {
    const [password] = await encrypt(t, 'Qx7pLm2024z');
    const res = await post('/api/sys/user/add', { username: 'newbie', displayName: 'New Bie', password });
    expect(res.envelope.code).toBe(0);
    expect(res.envelope.data).toMatchObject({
      username: 'newbie',
      displayName: 'N******',
      status: 'enabled',
    });
    expect(res.envelope.data).not.toHaveProperty('passwordHash');
    expect((await signInRaw(t, 'newbie', 'Qx7pLm2024z')).envelope.code).toBe(0);
    const [again] = await encrypt(t, 'Qx7pLm2024z');
    const taken = await post('/api/sys/user/add', { username: 'newbie', password: again });
    expect(taken.envelope.code).toBe(ErrorCode.conflict);
    // Named in the operator's language (zh-CN here).
    expect(taken.envelope.data).toEqual({ fields: [{ field: 'username', message: '该用户名已被使用' }] });
    const [weak] = await encrypt(t, 'short1');
    expect((await post('/api/sys/user/add', { username: 'weakling', password: weak })).envelope.code).toBe(
      ErrorCode.passwordPolicy,
    );
  });

  it('lists operators with their roles and authenticator state', async () => {
    const res = await call<{ list: Record<string, unknown>[] }>(t, 'POST', '/api/sys/user/findByPage', {
      session: admin,
      body: {},
    });
    const row = res.envelope.data.list.find((r) => r.username === 'admin');
    expect(row).toMatchObject({ roleNames: '管理员', googleBound: true });
  });

  it('disabling ends the sessions at once; enabling lets them back', async () => {
    const id = await createOperator(t, 'dora', 'Dora123456', ['editor']);
    const dora = await signIn(t, 'dora', 'Dora123456');
    expect((await post('/api/sys/user/disable', { id })).envelope.code).toBe(0);
    expect((await me(dora)).envelope.code).toBe(ErrorCode.sessionEnded);
    expect((await signInRaw(t, 'dora', 'Dora123456')).envelope.code).toBe(ErrorCode.badCredentials);
    expect((await post('/api/sys/user/enable', { id })).envelope.code).toBe(0);
    expect((await signInRaw(t, 'dora', 'Dora123456')).envelope.code).toBe(0);
    expect((await post('/api/sys/user/disable', { id: 1 })).statusCode).toBe(400);
  });

  it('resets a password only with a code; the old sessions end', async () => {
    const id = await createOperator(t, 'resa', 'Resa123456', ['editor']);
    const resa = await signIn(t, 'resa', 'Resa123456');
    const [password] = await encrypt(t, 'Fresh98765x');
    expect((await post('/api/sys/user/resetPassword', { id, password })).envelope.code).toBe(
      ErrorCode.needCode,
    );
    const [again] = await encrypt(t, 'Fresh98765x');
    expect(
      (await post('/api/sys/user/resetPassword', { id, password: again }, await code())).envelope.code,
    ).toBe(0);
    expect((await me(resa)).envelope.code).toBe(ErrorCode.sessionEnded);
    expect((await signInRaw(t, 'resa', 'Fresh98765x')).envelope.code).toBe(0);
  });

  it('assigning roles replaces them and ends the sessions', async () => {
    const id = await createOperator(t, 'rolf', 'Rolf123456', ['editor']);
    const rolf = await signIn(t, 'rolf', 'Rolf123456');
    const [adminRole] = await t.ctx.db.select().from(roles).where(eq(roles.code, 'admin'));
    expect((await post('/api/sys/user/assignRoles', { id, roleIds: [adminRole!.id] })).envelope.code).toBe(0);
    expect((await me(rolf)).envelope.code).toBe(ErrorCode.sessionEnded);
    const one = await call<Record<string, unknown>>(t, 'GET', `/api/sys/user/getById?id=${id}`, {
      session: admin,
    });
    expect(one.envelope.data.roleNames).toBe('管理员');
    const unknown = await call<{ fields: { field: string; message: string }[] }>(
      t,
      'POST',
      '/api/sys/user/assignRoles',
      { session: admin, body: { id, roleIds: [99999] }, headers: { 'accept-language': 'zh-CN' } },
    );
    expect(unknown.envelope.data.fields).toEqual([{ field: 'roleIds', message: '含有不存在的角色' }]);
  });

  it('the assign dialog reads its choices with the assign permission alone, not the role page', async () => {
    const [assigner] = await t.ctx.db
      .insert(roles)
      .values({ code: 'assigner', name: 'assigner' })
      .returning();
    const granted = await t.ctx.db
      .select()
      .from(resources)
      .where(inArray(resources.permission, ['sys.user', 'sys.user.assignRoles']));
    await t.ctx.db
      .insert(roleResources)
      .values(granted.map((r) => ({ roleId: assigner!.id, resourceId: r.id })));
    await createOperator(t, 'asa', 'Asa1234567', ['assigner']);
    const asa = await signIn(t, 'asa', 'Asa1234567');
    const id = await createOperator(t, 'held', 'Held123456', ['editor']);
    const [editor] = await t.ctx.db.select().from(roles).where(eq(roles.code, 'editor'));

    const rolePage = await call(t, 'POST', '/api/sys/role/findByPage', { session: asa, body: { page: 1 } });
    expect(rolePage.statusCode).toBe(403);
    const choices = await call<{ roles: { id: number; code: string }[]; held: number[] }>(
      t,
      'GET',
      `/api/sys/user/roleChoices?id=${id}`,
      { session: asa },
    );
    expect(choices.envelope.code, choices.body).toBe(0);
    expect(choices.envelope.data.held).toEqual([editor!.id]);
    expect(choices.envelope.data.roles.map((r) => r.code)).toEqual(
      expect.arrayContaining(['admin', 'editor', 'assigner']),
    );
    const bad = await call(t, 'GET', '/api/sys/user/roleChoices?id=x', { session: asa });
    expect(bad.envelope.code).toBe(ErrorCode.badRequest);
    const nobody = await call(t, 'GET', '/api/sys/user/roleChoices?id=999999', { session: asa });
    expect(nobody.envelope.code).toBe(ErrorCode.notFound);
    const refused = await call(t, 'GET', `/api/sys/user/roleChoices?id=${id}`, {
      session: await signIn(t, 'held', 'Held123456'),
    });
    expect(refused.statusCode).toBe(403);
  });

  it('resets an authenticator (with a code) and ends sessions on request', async () => {
    const id = await createOperator(t, 'gina', 'Gina123456', ['editor']);
    const gina = await signIn(t, 'gina', 'Gina123456');
    await bindAuthenticator(t, gina, id);
    expect((await post('/api/sys/user/resetGoogle', { id }, await code())).envelope.code).toBe(0);
    const [op] = await t.ctx.db.select().from(operators).where(eq(operators.id, id));
    expect(op!.totpSecretEnc).toBeNull();
    expect((await post('/api/sys/user/endSessions', { id })).envelope.code).toBe(0);
    expect((await me(gina)).envelope.code).toBe(ErrorCode.sessionEnded);
  });

  it('edits a display name but never the username', async () => {
    const id = await createOperator(t, 'eddy', 'Eddy123456', ['editor']);
    expect((await post('/api/sys/user/edit', { id, displayName: 'Ed' })).envelope.code).toBe(0);
    expect((await post('/api/sys/user/edit', { id, username: 'root' })).statusCode).toBe(400);
  });
});

describe('role and resource', () => {
  it('answers the permission tree grouped by page with needs-code flags', async () => {
    const [editor] = await t.ctx.db.select().from(roles).where(eq(roles.code, 'editor'));
    const res = await call<{
      tree: {
        page: string;
        permission: string | null;
        actions: { permission: string; needsCode: boolean }[];
      }[];
      granted: number[];
    }>(t, 'GET', `/api/sys/role/permissionTree?roleId=${editor!.id}`, { session: admin });
    const userPage = res.envelope.data.tree.find((p) => p.page === '/sys/user')!;
    expect(userPage.permission).toBe('sys.user');
    expect(userPage.actions).toContainEqual(
      expect.objectContaining({ permission: 'sys.user.resetPassword', needsCode: true }),
    );
    expect(userPage.actions).toContainEqual(
      expect.objectContaining({ permission: 'sys.user.enable', needsCode: false }),
    );
    expect(res.envelope.data.granted.length).toBeGreaterThan(0);
  });

  it("saving a role's resources ends its operators' sessions and takes effect", async () => {
    const [editor] = await t.ctx.db.select().from(roles).where(eq(roles.code, 'editor'));
    await createOperator(t, 'ella', 'Ella123456', ['editor']);
    const ella = await signIn(t, 'ella', 'Ella123456');
    expect(
      (await call(t, 'POST', '/api/sys/blackIp/add', { session: ella, body: { cidr: '192.0.2.1' } }))
        .statusCode,
    ).toBe(403);
    const tree = await call<{ granted: number[] }>(
      t,
      'GET',
      `/api/sys/role/permissionTree?roleId=${editor!.id}`,
      { session: admin },
    );
    const [addIp] = await t.ctx.db
      .select()
      .from(resources)
      .where(eq(resources.permission, 'sys.blackIp.add'));
    const save = await post('/api/sys/role/saveResources', {
      roleId: editor!.id,
      resourceIds: [...tree.envelope.data.granted, addIp!.id],
    });
    expect(save.envelope.data).toMatchObject({ endedOperators: expect.any(Number) });
    expect((await me(ella)).envelope.code).toBe(ErrorCode.sessionEnded);
    const again = await signIn(t, 'ella', 'Ella123456');
    expect(
      (await call(t, 'POST', '/api/sys/blackIp/add', { session: again, body: { cidr: '192.0.2.1' } }))
        .envelope.code,
    ).toBe(0);
  });

  it('keeps the administrator role whole and built-in roles in place', async () => {
    const [adminRole] = await t.ctx.db.select().from(roles).where(eq(roles.code, 'admin'));
    const save = await post('/api/sys/role/saveResources', { roleId: adminRole!.id, resourceIds: [] });
    expect(save.statusCode).toBe(400);
    expect(save.envelope.data).toEqual({
      fields: [{ field: 'roleId', message: '超级管理员角色始终拥有全部权限' }],
    });
    const remove = await post('/api/sys/role/removeByIds', { ids: [adminRole!.id] });
    expect(remove.statusCode).toBe(400);
    expect(remove.envelope.data).toEqual({ fields: [{ field: 'ids', message: '内置角色 admin 不能删除' }] });
  });

  it('removing a custom role ends the sessions of its holders', async () => {
    const created = await post('/api/sys/role/add', { code: 'auditor', name: 'Auditor' });
    expect(created.envelope.code).toBe(0);
    const id = await createOperator(t, 'audrey', 'Audrey12345', ['auditor', 'editor']);
    const audrey = await signIn(t, 'audrey', 'Audrey12345');
    expect((await post('/api/sys/role/removeByIds', { ids: [created.envelope.data.id] })).envelope.code).toBe(
      0,
    );
    expect((await me(audrey)).envelope.code).toBe(ErrorCode.sessionEnded);
    const one = await call<Record<string, unknown>>(t, 'GET', `/api/sys/user/getById?id=${id}`, {
      session: admin,
    });
    expect(one.envelope.data.roleNames).toBe('编辑员');
  });

  it("changing a resource's needs-code flag (itself code-guarded) changes what the guard asks", async () => {
    const [res] = await t.ctx.db.select().from(resources).where(eq(resources.permission, 'sys.whiteIp.add'));
    expect((await post('/api/sys/resource/edit', { id: res!.id, needsCode: true })).envelope.code).toBe(
      ErrorCode.needCode,
    );
    expect(
      (await post('/api/sys/resource/edit', { id: res!.id, needsCode: true }, await code())).envelope.code,
    ).toBe(0);
    expect((await post('/api/sys/whiteIp/add', { cidr: '192.0.2.0/24' })).envelope.code).toBe(
      ErrorCode.needCode,
    );
    expect((await post('/api/sys/whiteIp/add', { cidr: '192.0.2.0/24' }, await code())).envelope.code).toBe(
      0,
    );
    expect(
      (await post('/api/sys/resource/edit', { id: res!.id, permission: 'x' }, await code())).statusCode,
    ).toBe(400);
  });
});
