/**
 * The third parties' balances (payManage/third_interfacet_list) on the real server: the row's
 * `queryBalance` asks the sandbox provider over signed HTTP what the platform holds there (top-ups
 * plus paid payments less paid payouts), keeps it with the alert line of the party's agent-pay
 * configs and says it in the operator's language; below the line it is `low`, in the bell and the
 * page's filter until the refresh job finds it topped up; a provider that does not answer keeps the
 * last balance with its error; an interface type without a balance query says so; permissions hold.
 */
import { ErrorCode } from '@payops/contracts';
import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thirdParties } from '../src/modules/mch/passage.schema.ts';
import { refreshBalances } from '../src/modules/payManage/balances.ts';
import { interfaceTypes, thirdInterfaces } from '../src/modules/payManage/schema.ts';
import { operationLog, resources, roleResources, roles } from '../src/modules/sys/schema.ts';
import { call, createOperator, type Session, signIn, signInAdmin, type TestApp } from './harness.ts';
import { listeningApp, type Party, sandboxCall, sandboxParty } from './upstream-helpers.ts';

type Row = Record<string, unknown>;
type Notice = { level: string; text: string };
type Queried = { balanceState: string; balance: string | null; notice: Notice };
type Group = { kind: string; count: number; link: string; items: { text: string }[] };

let t: TestApp;
let admin: Session;
/** Sees the page, may not query. */
let viewer: Session;
let party: Party;
let interfaceId: number;

const en = { 'accept-language': 'en-US' };
const zh = { 'accept-language': 'zh-CN' };

const post = <T = Row>(url: string, body: unknown, session = admin, headers = en) =>
  call<T>(t, 'POST', url, { session, body, headers });
const query = (id: unknown, session = admin, headers = en) =>
  post<Queried>('/api/pay/thirdinterface/queryBalance', { id }, session, headers);

async function stored() {
  const [row] = await t.ctx.db.select().from(thirdInterfaces).where(eq(thirdInterfaces.id, interfaceId));
  return row!;
}

async function bell(session = admin): Promise<Group | undefined> {
  const res = await call<{ groups: Group[] }>(t, 'GET', '/api/dashboard/notifications', {
    session,
    headers: en,
  });
  return res.envelope.data.groups.find((g) => g.kind === 'lowBalances');
}

/** A sandbox order of the account, decided without a callback (the platform has no such order). */
async function sandboxOrder(kind: 'pay' | 'payout', orderNo: string, amount: string, outcome?: string) {
  const extra: Record<string, string> =
    kind === 'pay'
      ? { payType: 'alipay' }
      : { bankCode: 'ICBC', accountName: 'Li Lei', accountNo: '6222000011112222' };
  await sandboxCall(t, party, `${kind}/create`, {
    orderNo,
    amount,
    notifyUrl: 'http://127.0.0.1:9/none',
    ...extra,
  });
  if (outcome) await sandboxCall(t, party, 'notify', { orderNo, outcome, times: 0 });
}

async function interfaceOf(thirdPartyId: number, interfaceType: string): Promise<number> {
  const res = await post('/api/pay/thirdinterface/add', {
    thirdPartyId,
    interfaceType,
    createUrl: 'https://pay.example.com/create',
    status: 'on',
  });
  expect(res.envelope.code, res.body).toBe(0);
  return Number(res.envelope.data.id);
}

beforeAll(async () => {
  t = await listeningApp();
  admin = await signInAdmin(t);
  await t.ctx.db.insert(interfaceTypes).values([
    { code: 'sandbox', name: 'Sandbox', signMethod: 'HMAC-SHA256', requestFormat: 'json' },
    { code: 'http-json', name: 'Generic JSON', signMethod: 'HMAC-SHA256', requestFormat: 'json' },
  ]);
  party = await sandboxParty(t, 'SBX_BAL');
  // A payout provider: its agent-pay configs carry the alert line.
  await t.ctx.db.update(thirdParties).set({ direction: 'withdraw' }).where(eq(thirdParties.id, party.id));
  await sandboxCall(t, party, 'control', { outcome: 'hold', delayMs: 0 });
  interfaceId = await interfaceOf(party.id, 'sandbox');
  const [role] = await t.ctx.db.insert(roles).values({ code: 'balanceViewer', name: 'v' }).returning();
  const [page] = await t.ctx.db
    .select()
    .from(resources)
    .where(eq(resources.permission, 'payManage.third_interfacet_list'));
  await t.ctx.db.insert(roleResources).values({ roleId: role!.id, resourceId: page!.id });
  await createOperator(t, 'balviewer', 'Viewer12345', ['balanceViewer']);
  viewer = await signIn(t, 'balviewer', 'Viewer12345');
});
afterAll(() => t.close());

describe('the balance query', () => {
  it('reads top-ups plus paid payments less paid payouts, keeps it, says it and audits it', async () => {
    await sandboxCall(t, party, 'balance/topup', { amount: '1000' });
    await sandboxOrder('pay', 'BAL-P1', '300.00', 'success');
    await sandboxOrder('payout', 'BAL-W1', '120.50', 'success');
    await sandboxOrder('pay', 'BAL-P2', '50.00', 'fail');
    await sandboxOrder('pay', 'BAL-P3', '70.00'); // still pending: not the platform's yet

    const res = await query(interfaceId);
    expect(res.envelope.code, res.body).toBe(0);
    const { balanceState, balance, notice } = res.envelope.data;
    expect(balanceState).toBe('ok');
    expect(new Big(balance!).eq('1179.5')).toBe(true);
    expect(notice).toEqual({ level: 'success', text: 'SBX_BAL: balance 1179.50 CNY' });

    const row = await stored();
    expect(new Big(row.balance!).eq('1179.5')).toBe(true);
    expect(row.balanceState).toBe('ok');
    expect(row.balanceAlert).toBeNull();
    expect(row.balanceCheckedAt).not.toBeNull();

    const listed = await post<{ list: Row[] }>('/api/pay/thirdinterface/findByPage', {
      page: 1,
      pageSize: 20,
    });
    const mine = listed.envelope.data.list.find((r) => r.id === interfaceId)!;
    expect(mine.balanceState).toBe('ok');
    expect(new Big(String(mine.balance)).eq('1179.5')).toBe(true);

    const audits = await t.ctx.db
      .select()
      .from(operationLog)
      .where(
        and(
          eq(operationLog.action, 'payManage.third_interfacet_list.queryBalance'),
          eq(operationLog.objectId, String(interfaceId)),
        ),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.detail).toMatchObject({ state: 'ok', balance: expect.stringMatching(/^1179\.5/) });
  });

  it('below the alert line of an agent-pay config that is on: low, warned, in the bell and the filter', async () => {
    const agent = await post('/api/pay/thirdagent/add', {
      thirdPartyId: party.id,
      name: 'SBX_BAL payouts',
      singleMin: '1',
      singleMax: '1000',
      dailyLimit: '10000',
      fee: '1',
      balanceAlert: '5000',
      status: 'on',
    });
    expect(agent.envelope.code, agent.body).toBe(0);
    // The kept balance is judged against the new line at once, before anyone asks the provider.
    expect((await stored()).balanceState).toBe('low');
    expect((await bell())?.count).toBe(1);

    const res = await query(interfaceId, admin, zh);
    expect(res.envelope.data.balanceState).toBe('low');
    expect(res.envelope.data.notice).toEqual({
      level: 'warning',
      text: 'SBX_BAL：余额 1179.50 CNY，低于预警线 5000.00',
    });
    expect(new Big((await stored()).balanceAlert!).eq('5000')).toBe(true);

    const group = await bell();
    expect(group?.count).toBe(1);
    expect(group?.link).toBe('/payManage/third_interfacet_list?balanceState=low');
    expect(group?.items[0]?.text).toBe('SBX_BAL · 1179.50 < 5000.00');
    // The viewer reads the page but may not query: the bell is for those who can act.
    expect(await bell(viewer)).toBeUndefined();

    const low = await post<{ list: Row[] }>('/api/pay/thirdinterface/findByPage', {
      page: 1,
      pageSize: 20,
      filters: { balanceState: 'low' },
    });
    expect(low.envelope.data.list.map((r) => r.id)).toEqual([interfaceId]);

    // Topped up at the provider: the next refresh finds it above the line and the bell falls silent.
    await sandboxCall(t, party, 'balance/topup', { amount: '10000' });
    const counts = await refreshBalances(t.ctx);
    expect(counts.ok).toBe(1);
    expect((await stored()).balanceState).toBe('ok');
    expect((await bell())?.count).toBe(0);
  });

  it('a provider that does not answer: failed with its error, the last balance kept', async () => {
    // An address nothing listens on (not the loopback the sandbox is served at).
    await t.ctx.db
      .update(thirdParties)
      .set({ baseUrl: 'http://127.0.0.2:9/sandbox/upstream' })
      .where(eq(thirdParties.id, party.id));
    try {
      const res = await query(interfaceId);
      expect(res.envelope.data.balanceState).toBe('failed');
      expect(res.envelope.data.notice.level).toBe('error');
      expect(res.envelope.data.notice.text).toMatch(/^SBX_BAL: the balance query failed \(SBX_BAL: .+\)$/);
      const row = await stored();
      expect(row.balanceState).toBe('failed');
      expect(row.balanceError).toMatch(/^SBX_BAL: /);
      expect(new Big(row.balance!).eq('11179.5')).toBe(true);
    } finally {
      await t.ctx.db.update(thirdParties).set({ baseUrl: '' }).where(eq(thirdParties.id, party.id));
    }
  });

  it('an interface type without a balance query says so and stores no balance', async () => {
    const other = await sandboxParty(t, 'JSON_BAL');
    await t.ctx.db
      .update(thirdParties)
      .set({ interfaceType: 'http-json' })
      .where(eq(thirdParties.id, other.id));
    const id = await interfaceOf(other.id, 'http-json');
    const res = await query(id, admin, zh);
    expect(res.envelope.data).toMatchObject({ balanceState: 'unsupported', balance: null });
    expect(res.envelope.data.notice).toEqual({
      level: 'warning',
      text: 'JSON_BAL：该接口类型不支持余额查询',
    });
  });

  it('refuses without the permission, a bad id by its field and an unknown one, changing nothing', async () => {
    const before = await stored();
    const refused = await query(interfaceId, viewer);
    expect(refused.envelope.code).toBe(ErrorCode.forbidden);
    const bad = await query('x', admin, zh);
    expect(bad.envelope.code).toBe(ErrorCode.badRequest);
    expect(JSON.stringify(bad.envelope.data)).toContain('"field":"id"');
    const unknown = await query(999_999);
    expect(unknown.envelope.code).toBe(ErrorCode.notFound);
    expect((await stored()).balanceCheckedAt).toEqual(before.balanceCheckedAt);
  });
});
