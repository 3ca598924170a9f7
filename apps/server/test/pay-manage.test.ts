/**
 * /payManage through its routes: third parties (write-only sealed secret, direction scopes, health
 * from passages), passage writes, agent-pay, banks, interface types, pay parameters, quick amounts,
 * the switch list; bad input names the field in the operator's language; permissions on every write.
 */
import { ErrorCode } from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thirdParties } from '../src/modules/mch/passage.schema.ts';
import { switchOn } from '../src/modules/payManage/switches.ts';
import { resources, roleResources, roles } from '../src/modules/sys/schema.ts';
import { open } from '../src/platform/secret-box.ts';
import { setSetting } from '../src/platform/settings.ts';
import {
  type Answer,
  call,
  createOperator,
  createTestApp,
  type Session,
  signIn,
  signInAdmin,
  type TestApp,
} from './harness.ts';

type Row = Record<string, unknown>;
type Page = { list: Row[]; pager: { total: number } };

let t: TestApp;
let admin: Session;
/** Holds the passage list only. */
let viewer: Session;
let nobody: Session;

const zh = { 'accept-language': 'zh-CN' };
const en = { 'accept-language': 'en-US' };

const post = <T = Row>(url: string, body: unknown, session = admin, headers = en) =>
  call<T>(t, 'POST', url, { session, body, headers });

/** The field errors of a 400 answer. */
function fieldsOf(res: Answer): { field: string; message: string }[] {
  expect(res.envelope.code, res.body).toBe(ErrorCode.badRequest);
  return (res.envelope.data as { fields: { field: string; message: string }[] }).fields;
}

async function roleWith(code: string, permissions: string[]) {
  const [role] = await t.ctx.db.insert(roles).values({ code, name: code }).returning({ id: roles.id });
  for (const p of permissions) {
    const [res] = await t.ctx.db.select().from(resources).where(eq(resources.permission, p));
    await t.ctx.db.insert(roleResources).values({ roleId: role!.id, resourceId: res!.id });
  }
}

const partyBody = (code: string) => ({
  code,
  name: `${code} Pay`,
  interfaceType: 'sandbox',
  baseUrl: 'http://127.0.0.1:8080/sandbox/upstream',
  upstreamMchNo: 'P1001',
  secret: 'provider-secret-ABCD',
  status: 'on',
});

const passageBody = (thirdPartyId: unknown, name: string) => ({
  thirdPartyId,
  name,
  payType: 'alipay',
  rate: '0.012',
  singleMin: '100',
  singleMax: '5000',
  dailyLimit: '100000',
  weight: 5,
  status: 'on',
});

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'silent' } as never);
  admin = await signInAdmin(t);
  await roleWith('passageViewer', ['payManage.withdraw_paypassage_list']);
  await createOperator(t, 'pviewer', 'Viewer12345', ['passageViewer']);
  viewer = await signIn(t, 'pviewer', 'Viewer12345');
  await createOperator(t, 'nobody', 'Nobody12345', []);
  nobody = await signIn(t, 'nobody', 'Nobody12345');
  const type = await post('/api/pay/thirdinterfacetype/add', {
    code: 'sandbox',
    name: 'Sandbox',
    signMethod: 'HMAC-SHA256',
    requestFormat: 'json',
    status: 'on',
  });
  expect(type.envelope.code, type.body).toBe(0);
});
afterAll(() => t.close());

describe('third parties', () => {
  it('seals the secret: answered and listed only as its hint, never in the operation log', async () => {
    const res = await post('/api/pay/thirdpay/add', partyBody('SEALED'));
    expect(res.envelope.code, res.body).toBe(0);
    const row = res.envelope.data;
    expect(row.secretHint).toBe('******ABCD');
    expect(res.body).not.toContain('provider-secret');
    expect(row.direction).toBe('deposit');
    const [stored] = await t.ctx.db
      .select()
      .from(thirdParties)
      .where(eq(thirdParties.id, Number(row.id)));
    expect(open(t.ctx.keys.secretKey, stored!.secretEnc)).toBe('provider-secret-ABCD');
    const log = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM operation_log WHERE detail::text LIKE '%provider-secret%'`,
    );
    expect(log.rows[0]).toEqual({ n: 0 });
    const audited = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM operation_log WHERE object_type = 'depositThirdPay' AND object_id = ${String(row.id)}`,
    );
    expect(audited.rows[0]).toEqual({ n: 1 });

    // An edit without a secret keeps it; with one, replaces it.
    const renamed = await post('/api/pay/thirdpay/edit', { id: row.id, name: 'Sealed Pay 2' });
    expect(renamed.envelope.data.secretHint).toBe('******ABCD');
    const rotated = await post('/api/pay/thirdpay/edit', { id: row.id, secret: 'another-secret-WXYZ' });
    expect(rotated.envelope.data.secretHint).toBe('******WXYZ');
  });

  it('keeps each direction on its own page', async () => {
    const payout = await post('/api/pay/thirdpay/withdraw/add', partyBody('PAYOUT1'));
    expect(payout.envelope.data.direction).toBe('withdraw');
    const deposits = await post<Page>('/api/pay/thirdpay/findByPage', { page: 1, pageSize: 50 });
    expect(deposits.envelope.data.list.map((r) => r.code)).not.toContain('PAYOUT1');
    const withdrawals = await post<Page>('/api/pay/thirdpay/withdraw/findByPage', { page: 1, pageSize: 50 });
    expect(withdrawals.envelope.data.list.map((r) => r.code)).toEqual(['PAYOUT1']);
    // A deposit page cannot edit a payout provider.
    const cross = await post('/api/pay/thirdpay/edit', { id: payout.envelope.data.id, name: 'Nope' });
    expect(cross.envelope.code).toBe(ErrorCode.notFound);
  });

  it('names the field of bad input in the operator language', async () => {
    const noSecret = await post(
      '/api/pay/thirdpay/add',
      { ...partyBody('NOSECRET'), secret: undefined },
      admin,
      zh,
    );
    expect(fieldsOf(noSecret)).toEqual([{ field: 'secret', message: '新增三方时必须填写签名密钥' }]);
    const badUrl = await post('/api/pay/thirdpay/add', { ...partyBody('BADURL'), baseUrl: 'ftp://x' });
    expect(fieldsOf(badUrl).map((f) => f.field)).toEqual(['baseUrl']);
    const unknown = await post('/api/pay/thirdpay/add', { ...partyBody('BADTYPE'), interfaceType: 'nope' });
    expect(fieldsOf(unknown).map((f) => f.field)).toEqual(['interfaceType']);
    // A type the server knows but not yet described on interfacet_list.
    const badType = await post('/api/pay/thirdpay/add', {
      ...partyBody('BADTYPE'),
      interfaceType: 'http-form',
    });
    expect(fieldsOf(badType)).toEqual([
      { field: 'interfaceType', message: 'must be an existing interface type' },
    ]);
    const extra = await post('/api/pay/thirdpay/add', { ...partyBody('EXTRA'), secretEnc: 'forged' });
    expect(extra.envelope.code).toBe(ErrorCode.badRequest);
  });
});

describe('passages', () => {
  let partyId: unknown;
  beforeAll(async () => {
    partyId = (await post('/api/pay/thirdpay/withdraw/add', partyBody('PASSAGES'))).envelope.data.id;
  });

  it('take their direction from their third party; the provider shows their health', async () => {
    const res = await post('/api/pay/paypassage/add', passageBody(partyId, 'Payout Alipay'));
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data).toMatchObject({
      direction: 'withdraw',
      health: 'healthy',
      thirdPartyIdLabel: 'PASSAGES Pay',
    });
    const party = async () =>
      (
        await post<Page>('/api/pay/thirdpay/withdraw/findByPage', {
          page: 1,
          pageSize: 50,
          filters: { code: 'PASSAGES' },
        })
      ).envelope.data.list[0]!;
    expect(await party()).toMatchObject({ health: 'healthy', passageCount: 1 });
    await post('/api/pay/paypassage/edit', { id: res.envelope.data.id, health: 'down' });
    expect(await party()).toMatchObject({ health: 'down', passageCount: 1 });
  });

  it('refuse limits out of order and too many decimals, naming the field', async () => {
    const order = await post(
      '/api/pay/paypassage/add',
      { ...passageBody(partyId, 'Bad'), singleMax: '50' },
      admin,
      zh,
    );
    expect(fieldsOf(order)).toEqual([{ field: 'singleMax', message: '不能小于单笔最低' }]);
    const decimals = await post('/api/pay/paypassage/add', {
      ...passageBody(partyId, 'Bad'),
      singleMin: '1.005',
    });
    expect(fieldsOf(decimals).map((f) => f.field)).toEqual(['singleMin']);
    const rate = await post('/api/pay/paypassage/add', { ...passageBody(partyId, 'Bad'), rate: '0.5' });
    expect(fieldsOf(rate).map((f) => f.field)).toEqual(['rate']);
    const party = await post('/api/pay/paypassage/add', passageBody(99999, 'Bad'));
    expect(fieldsOf(party).map((f) => f.field)).toEqual(['thirdPartyId']);
    // An edit checks the new maximum against the stored minimum.
    const [p] = (
      await post<Page>('/api/pay/paypassage/findByPage', {
        page: 1,
        pageSize: 1,
        filters: { thirdPartyId: partyId },
      })
    ).envelope.data.list;
    expect(
      fieldsOf(await post('/api/pay/paypassage/edit', { id: p!.id, singleMax: '99' })).map((f) => f.field),
    ).toEqual(['singleMax']);
  });

  it('cannot remove a provider or passage still in use', async () => {
    const gone = await post('/api/pay/thirdpay/withdraw/removeByIds', { ids: [partyId] });
    expect(fieldsOf(gone)[0]).toMatchObject({ field: 'ids' });
    expect(fieldsOf(gone)[0]!.message).toContain('1 passages');
  });

  it('are writable only with the write permission', async () => {
    const list = await post<Page>('/api/pay/paypassage/findByPage', { page: 1, pageSize: 10 }, viewer);
    expect(list.envelope.code).toBe(0);
    const add = await post('/api/pay/paypassage/add', passageBody(partyId, 'Viewer'), viewer);
    expect(add.statusCode).toBe(403);
    const none = await post('/api/pay/paypassage/findByPage', { page: 1, pageSize: 10 }, nobody);
    expect(none.statusCode).toBe(403);
    const bank = await post(
      '/api/pay/thirdbank/add',
      { bankCode: 'ICBC', name: '工商银行', status: 'on' },
      viewer,
    );
    expect(bank.statusCode).toBe(403);
  });
});

describe('configuration pages', () => {
  it('agent-pay configs belong to payout providers', async () => {
    const deposit = (await post('/api/pay/thirdpay/add', partyBody('AGENTDEP'))).envelope.data.id;
    const payout = (await post('/api/pay/thirdpay/withdraw/add', partyBody('AGENTPAY'))).envelope.data.id;
    const body = {
      name: 'Payout',
      singleMin: '10',
      singleMax: '50000',
      dailyLimit: '1000000',
      fee: '2.00000000',
      status: 'on',
    };
    const wrong = await post('/api/pay/thirdagent/add', { ...body, thirdPartyId: deposit }, admin, zh);
    expect(fieldsOf(wrong)).toEqual([{ field: 'thirdPartyId', message: '须为已有的代付三方' }]);
    const ok = await post('/api/pay/thirdagent/add', { ...body, thirdPartyId: payout, autoPayout: true });
    expect(ok.envelope.code, ok.body).toBe(0);
    const one = await call<Row>(t, 'GET', `/api/pay/thirdagent/getById?id=${ok.envelope.data.id}`, {
      session: admin,
    });
    expect(one.envelope.data).toMatchObject({
      thirdPartyIdLabel: 'AGENTPAY Pay',
      // The provider's own direction, which picks the page its cell opens.
      thirdPartyIdPageBy: 'withdraw',
      fee: '2.00000000',
      autoPayout: true,
    });
  });

  it('bank codes per provider name existing providers, normalised', async () => {
    const bad = await post('/api/pay/thirdbank/add', {
      bankCode: 'ICBC',
      name: '工商银行',
      status: 'on',
      thirdCodes: 'NOPE=1',
    });
    expect(fieldsOf(bad)).toEqual([{ field: 'thirdCodes', message: 'unknown provider codes: NOPE' }]);
    const shape = await post('/api/pay/thirdbank/add', {
      bankCode: 'ICBC',
      name: '工商银行',
      status: 'on',
      thirdCodes: 'x y',
    });
    expect(fieldsOf(shape).map((f) => f.field)).toEqual(['thirdCodes']);
    const ok = await post('/api/pay/thirdbank/add', {
      bankCode: 'ICBC',
      name: '工商银行',
      status: 'on',
      thirdCodes: 'SEALED=1002\nAGENTPAY=ICBC01',
    });
    expect(ok.envelope.data.thirdCodes).toBe('AGENTPAY=ICBC01\nSEALED=1002');
  });

  it('a cleared value of a column that must hold one is a 4xx, never a 5xx', async () => {
    const res = await post('/api/pay/thirdbank/add', {
      bankCode: 'ABC',
      name: '农业银行',
      status: 'on',
      sort: null,
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
    const passage = await post('/api/pay/paypassage/edit', { id: 1, health: null });
    expect(passage.statusCode, passage.body).toBeLessThan(500);
  });

  it("an interface config's callback addresses: addresses or ranges, kept one a line; else the field is named", async () => {
    const [party] = await t.ctx.db.select({ id: thirdParties.id }).from(thirdParties).limit(1);
    const body = {
      thirdPartyId: party!.id,
      interfaceType: 'sandbox',
      createUrl: 'https://p.example.com/c',
      status: 'on',
    };
    const bad = await post(
      '/api/pay/thirdinterface/add',
      { ...body, callbackIps: '1.2.3.4\n1.2.3.4/' },
      admin,
      zh,
    );
    expect(fieldsOf(bad)).toEqual([{ field: 'callbackIps', message: '不是IP地址或网段：1.2.3.4/' }]);
    const good = await post('/api/pay/thirdinterface/add', {
      ...body,
      callbackIps: ' 1.2.3.4\n\n10.0.0.0/8, 2001:db8::/32 ',
    });
    expect(good.envelope.code, good.body).toBe(0);
    expect(good.envelope.data.callbackIps).toBe('1.2.3.4\n10.0.0.0/8\n2001:db8::/32');
  });

  it('an interface type in use cannot be removed', async () => {
    const [type] = (
      await post<Page>('/api/pay/thirdinterfacetype/findByPage', {
        page: 1,
        pageSize: 10,
        filters: { code: 'sandbox' },
      })
    ).envelope.data.list;
    const res = await post('/api/pay/thirdinterfacetype/removeByIds', { ids: [type!.id] });
    expect(fieldsOf(res)[0]!.field).toBe('ids');
  });

  it('pay parameters: addOrEdit upserts one row per pay type; limits in order', async () => {
    const first = await post('/api/pay/payotherconfig/addOrEdit', {
      code: 'usdt',
      minAmount: '10',
      maxAmount: '5000',
      feeRate: '0.01',
      enabled: true,
    });
    expect(first.envelope.code, first.body).toBe(0);
    const again = await post('/api/pay/payotherconfig/addOrEdit', {
      code: 'usdt',
      minAmount: '20',
      maxAmount: '6000',
      feeRate: '0.01',
      enabled: true,
    });
    expect(again.envelope.data).toMatchObject({ id: first.envelope.data.id, minAmount: '20.00000000' });
    const bad = await post(
      '/api/pay/payotherconfig/addOrEdit',
      { code: 'usdt', minAmount: '20', maxAmount: '1', feeRate: '0' },
      admin,
      zh,
    );
    expect(fieldsOf(bad)).toEqual([{ field: 'maxAmount', message: '不能小于最低金额' }]);
    const all = await call<Row[]>(t, 'GET', '/api/pay/payotherconfig/all', { session: admin });
    expect(all.envelope.data.map((r) => r.code)).toEqual(['usdt']);
    const codes = await call<Row[]>(t, 'GET', '/api/pay/payotherconfig/allCodeEnum', {
      session: admin,
      headers: zh,
    });
    expect(codes.envelope.data).toContainEqual({ code: 'wechat', name: '微信' });
    const audited = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM operation_log WHERE object_type = 'payOtherConfig'`,
    );
    expect(audited.rows[0]).toEqual({ n: 2 });
  });

  it('quick amounts are sorted, positive and distinct', async () => {
    const ok = await post('/api/pay/fastAmount/add', {
      code: 'alipay',
      amounts: '500, 100,200.50',
      enabled: true,
    });
    expect(ok.envelope.data.amounts, ok.body).toBe('100,200.5,500');
    const zero = await post('/api/pay/fastAmount/add', { code: 'wechat', amounts: '0,100' });
    expect(fieldsOf(zero).map((f) => f.field)).toEqual(['amounts']);
    const twice = await post('/api/pay/fastAmount/add', { code: 'wechat', amounts: '100,100.00' });
    expect(fieldsOf(twice).map((f) => f.field)).toEqual(['amounts']);
  });
});

describe('switches', () => {
  it('answers every switch, on unless switched off; switchOn reads the same', async () => {
    const url = '/api/pay/thirdconfig/getConfigSelectorByCode?code=DATACENTER_ONOFF_CONTROLLER';
    const before = await call<{ code: string; value: boolean }[]>(t, 'GET', url, { session: admin });
    expect(before.envelope.data).toContainEqual({ code: 'DEPOSIT', value: true });
    expect(before.envelope.data).toContainEqual({ code: 'WITHDRAW_AUTO_REVIEW', value: true });
    expect(await switchOn(t.ctx, 'DEPOSIT')).toBe(true);
    // A value stored before the newer switches existed: those read as on.
    await setSetting(t.ctx, 'DATACENTER_ONOFF_CONTROLLER', { DEPOSIT: false, WITHDRAW: true }, null);
    expect(await switchOn(t.ctx, 'DEPOSIT')).toBe(false);
    expect(await switchOn(t.ctx, 'MERCHANT_NOTIFY')).toBe(true);
    const after = await call<{ code: string; value: boolean }[]>(t, 'GET', url, { session: admin });
    expect(after.envelope.data).toContainEqual({ code: 'DEPOSIT', value: false });
    expect(after.envelope.data).toContainEqual({ code: 'MERCHANT_NOTIFY', value: true });
    expect((await call(t, 'GET', url, { session: nobody })).statusCode).toBe(403);
    // The data dictionary's own holders read its switch panel without the back-office settings.
    await roleWith('dictViewer', ['payManage.thirdconfigList']);
    await createOperator(t, 'dviewer', 'Viewer12345', ['dictViewer']);
    const dict = await signIn(t, 'dviewer', 'Viewer12345');
    expect((await call(t, 'GET', url, { session: dict })).envelope.data).toContainEqual({
      code: 'DEPOSIT',
      value: false,
    });
    expect(
      (await call(t, 'GET', '/api/pay/thirdconfig/getConfigSelectorByCode?code=OTHER', { session: admin }))
        .statusCode,
    ).toBe(400);
  });

  it('the data dictionary keeps one item per code and key', async () => {
    const item = {
      code: 'CERT_TYPE',
      itemKey: 'ID_CARD',
      name: 'ID card',
      value: '01',
      enabled: true,
    };
    expect((await post('/api/pay/thirdconfig/add', item)).envelope.code).toBe(0);
    expect((await post('/api/pay/thirdconfig/add', item)).envelope.code).toBe(ErrorCode.conflict);
    const bad = await post('/api/pay/thirdconfig/add', { ...item, code: 'lower case' });
    expect(fieldsOf(bad).map((f) => f.field)).toEqual(['code']);
  });
});
