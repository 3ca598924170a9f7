/**
 * References and detail (issue 9) through the real routes: ref labels filled with one query per ref
 * field (the number of statements does not grow with the page), the generic options endpoint (paging,
 * search, ids, permission) and a record's audit timeline (newest first, masked, two permissions).
 */
import { ErrorCode } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { merchants } from '../src/modules/mch/schema.ts';
import { resources, roleResources, roles } from '../src/modules/sys/schema.ts';
import { appendOperationLog } from '../src/platform/audit.ts';
import {
  call,
  createOperator,
  createTestApp,
  type Session,
  signIn,
  signInAdmin,
  type TestApp,
} from './harness.ts';

type Row = Record<string, unknown>;
type Options = { list: { value: number; label: string }[]; pager: { total: number; page: number } };

let t: TestApp;
let admin: Session;
/** Holds the merchant list only (not the operation log). */
let viewer: Session;
/** Holds no permission at all. */
let nobody: Session;
let agentId: number;

async function roleWith(code: string, permissions: string[]) {
  const [role] = await t.ctx.db.insert(roles).values({ code, name: code }).returning({ id: roles.id });
  for (const p of permissions) {
    const [res] = await t.ctx.db.select().from(resources).where(eq(resources.permission, p));
    await t.ctx.db.insert(roleResources).values({ roleId: role!.id, resourceId: res!.id });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  const [agent] = await t.ctx.db
    .insert(merchants)
    .values({ mchNo: 'M90000000', name: 'Agent Alpha', secretEnc: 'x', secretHint: 'xxxx' })
    .returning({ id: merchants.id });
  agentId = agent!.id;
  // 60 merchants brought by the agent: names Shop 01 .. Shop 60.
  await t.ctx.db.insert(merchants).values(
    Array.from({ length: 60 }, (_, i) => ({
      mchNo: `M9100${String(i).padStart(4, '0')}`,
      name: `Shop ${String(i + 1).padStart(2, '0')}`,
      agentId,
      secretEnc: 'x',
      secretHint: 'xxxx',
      phone: '13812345678',
    })),
  );
  await roleWith('mchViewer', ['mch.mchList']);
  await createOperator(t, 'viewer', 'Viewer12345', ['mchViewer']);
  viewer = await signIn(t, 'viewer', 'Viewer12345');
  await createOperator(t, 'nobody', 'Nobody12345', []);
  nobody = await signIn(t, 'nobody', 'Nobody12345');
});
afterAll(() => t.close());

const list = (pageSize: number) =>
  call<{ list: Row[] }>(t, 'POST', '/api/mch/mchList/findByPage', {
    session: admin,
    body: { page: 1, pageSize, filters: { agentId } },
  });

describe('ref labels', () => {
  it('fill <field>Label from the referenced resource, null when there is no reference', async () => {
    const res = await list(50);
    expect(res.envelope.data.list).toHaveLength(50);
    for (const row of res.envelope.data.list) {
      expect(row.agentId).toBe(agentId);
      expect(row.agentIdLabel).toBe('Agent Alpha');
    }
    const agent = await call<{ list: Row[] }>(t, 'POST', '/api/mch/mchList/findByPage', {
      session: admin,
      body: { filters: { id: agentId } },
    });
    expect(agent.envelope.data.list[0]).toMatchObject({ agentId: null, agentIdLabel: null });
  });

  it('cost one query per ref field, however many rows the page has', async () => {
    const spy = vi.spyOn(t.ctx.pool, 'query');
    const statements = async (pageSize: number) => {
      spy.mockClear();
      expect((await list(pageSize)).envelope.code).toBe(0);
      return spy.mock.calls.map((c) =>
        String(typeof c[0] === 'string' ? c[0] : (c[0] as { text: string }).text),
      );
    };
    const five = await statements(5);
    const fifty = await statements(50);
    spy.mockRestore();
    expect(fifty.length).toBe(five.length);
    // The label query: ids in one IN list, key and name only.
    const labels = fifty.filter((s) =>
      /select "id", "name" from "merchants" where "merchants"."id" in/i.test(s),
    );
    expect(labels).toHaveLength(1);
  });
});

describe('options endpoint', () => {
  const options = (body: Row, session = admin) =>
    call<Options>(t, 'POST', '/api/mch/mchList/options', { session, body });

  it('pages through every record, with no cap', async () => {
    const first = await options({ page: 1, pageSize: 25 });
    expect(first.envelope.code, first.body).toBe(0);
    expect(first.envelope.data.pager.total).toBe(61);
    expect(first.envelope.data.list).toHaveLength(25);
    expect(first.envelope.data.list[0]).toEqual({ value: agentId, label: 'Agent Alpha' });
    const third = await options({ page: 3, pageSize: 25 });
    expect(third.envelope.data.list).toHaveLength(11);
    expect(third.envelope.data.list.at(-1)!.label).toBe('Shop 60');
  });

  it('searches the label field (case-insensitive, % and _ taken literally)', async () => {
    const res = await options({ q: 'shop 1', page: 1, pageSize: 20 });
    expect(res.envelope.data.list.map((o) => o.label)).toEqual([
      'Shop 10',
      'Shop 11',
      'Shop 12',
      'Shop 13',
      'Shop 14',
      'Shop 15',
      'Shop 16',
      'Shop 17',
      'Shop 18',
      'Shop 19',
    ]);
    expect((await options({ q: '%', page: 1, pageSize: 20 })).envelope.data.list).toHaveLength(0);
  });

  it('resolves given ids to their labels', async () => {
    const res = await options({ ids: [agentId, agentId + 5], page: 1, pageSize: 20 });
    expect(res.envelope.data.list).toEqual([
      { value: agentId, label: 'Agent Alpha' },
      { value: agentId + 5, label: 'Shop 05' },
    ]);
  });

  it('shows and searches the field a ref shows (the order pages name merchants by number), no other', async () => {
    const res = await options({ q: 'M91000005', labelField: 'mchNo', page: 1, pageSize: 20 });
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data.list).toEqual([{ value: agentId + 6, label: 'M91000005' }]);
    // By name the number is not found: each label is searched as it is shown.
    expect((await options({ q: 'M91000005', page: 1, pageSize: 20 })).envelope.data.list).toEqual([]);
    const known = await options({ ids: [agentId], labelField: 'mchNo', page: 1, pageSize: 1 });
    expect(known.envelope.data.list).toEqual([{ value: agentId, label: 'M90000000' }]);
    // A stored field no ref shows could be probed through q a character at a time: refused.
    const probe = await call<Options>(t, 'POST', '/api/mch/mchList/options', {
      session: admin,
      body: { q: '1', labelField: 'remark', page: 1, pageSize: 20 },
      headers: { 'accept-language': 'en-US' },
    });
    expect(probe.statusCode).toBe(400);
    expect(probe.body).toContain('labelField');
    expect(probe.body).toContain('is not shown by any reference');
  });

  it('answers as values only the key or a code a ref takes, and never filters on masked data', async () => {
    // A merchant's phone as the value would come back whole beside a masked label.
    const phone = await options({ valueField: 'phone', page: 1, pageSize: 5 }, viewer);
    expect(phone.statusCode).toBe(400);
    expect(phone.body).toContain('valueField');
    expect(phone.body).not.toContain('13812345678');
    // Nor may a filter or the ids of a masked field answer yes or no to a guessed number.
    const guess = await options({ filters: { phone: '13812345678' }, page: 1, pageSize: 5 }, viewer);
    expect(guess.statusCode).toBe(400);
    expect(guess.body).toContain('filters');
    const byIds = await options({ valueField: 'phone', ids: ['13812345678'], page: 1, pageSize: 5 }, viewer);
    expect(byIds.statusCode).toBe(400);
    // The key and a ref's code still answer (a member's finance tags are stored by code).
    expect(
      (await options({ valueField: 'id', ids: [agentId], page: 1, pageSize: 1 })).envelope.data.list,
    ).toEqual([{ value: agentId, label: 'Agent Alpha' }]);
    const tags = await call<Options>(t, 'POST', '/api/financeRisk/financeTabList/options', {
      session: admin,
      body: { valueField: 'code', page: 1, pageSize: 5 },
    });
    expect(tags.envelope.code, tags.body).toBe(0);
  });

  it('applies the referenced resource’s filters (passages of one direction)', async () => {
    const res = await call<Options>(t, 'POST', '/api/pay/paypassage/options', {
      session: admin,
      body: { filters: { direction: 'deposit' }, page: 1, pageSize: 100 },
    });
    expect(res.envelope.code, res.body).toBe(0);
    const all = await call<Options>(t, 'POST', '/api/pay/paypassage/options', {
      session: admin,
      body: { page: 1, pageSize: 100 },
    });
    expect(res.envelope.data.pager.total).toBeLessThanOrEqual(all.envelope.data.pager.total);
  });

  it('refuses bad input naming the field, and an operator without the list permission', async () => {
    const bad = await options({ q: '', page: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/q|page/);
    const unknown = await options({ page: 1, limit: 5 });
    expect(unknown.statusCode).toBe(400);
    const refused = await options({ page: 1 }, nobody);
    expect(refused.statusCode).toBe(403);
    expect(refused.envelope.code).toBe(ErrorCode.forbidden);
    expect((await options({ page: 1 }, viewer)).envelope.code).toBe(0);
  });

  it('the old option list is gone', async () => {
    const res = await call(t, 'GET', '/api/mch/options', { session: admin });
    expect(res.statusCode).toBe(404);
  });
});

describe('audit timeline', () => {
  it('lists the record’s operation-log rows newest first, personal data masked', async () => {
    const [shop] = await t.ctx.db.select().from(merchants).where(eq(merchants.name, 'Shop 07'));
    const edit = await call(t, 'POST', '/api/mch/mchList/edit', {
      session: admin,
      body: { id: shop!.id, remark: 'first edit' },
    });
    expect(edit.envelope.code, edit.body).toBe(0);
    // A row written by older code with a clear phone number: the timeline masks it all the same.
    await appendOperationLog(t.ctx.db, {
      at: t.ctx.clock.now(),
      operatorId: 1,
      operatorName: 'admin',
      action: 'mch.mchList.edit',
      method: 'POST',
      path: '/api/mch/mchList/edit',
      objectType: 'mchList',
      objectId: String(shop!.id),
      result: 'success',
      code: 0,
      ip: '127.0.0.1',
      detail: { before: { phone: '13812345678' }, after: { phone: '13987654321', contact: '李雷' } },
    });
    const res = await call<{ list: Row[]; pager: { total: number } }>(
      t,
      'GET',
      `/api/mch/mchList/audit?id=${shop!.id}`,
      { session: admin },
    );
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data.pager.total).toBe(2);
    const [newest, older] = res.envelope.data.list;
    expect(newest).toMatchObject({
      action: 'mch.mchList.edit',
      operatorName: 'admin',
      before: { phone: '138****5678' },
      after: { phone: '139****4321', contact: '李*' },
    });
    expect(older).toMatchObject({ action: 'mch.mchList.edit', after: { remark: 'first edit' } });
    expect(res.body).not.toContain('13987654321');
    // Another record's timeline does not show these rows.
    const other = await call<{ list: Row[] }>(t, 'GET', `/api/mch/mchList/audit?id=${agentId}`, {
      session: admin,
    });
    expect(other.envelope.data.list).toHaveLength(0);
  });

  it('needs the operation-log permission as well as the list permission', async () => {
    const path = `/api/mch/mchList/audit?id=${agentId}`;
    expect((await call(t, 'GET', path, { session: viewer })).statusCode).toBe(403);
    expect((await call(t, 'GET', path, { session: nobody })).statusCode).toBe(403);
    const bad = await call(t, 'GET', '/api/mch/mchList/audit?id=abc', { session: admin });
    expect(bad.statusCode).toBe(400);
  });
});
