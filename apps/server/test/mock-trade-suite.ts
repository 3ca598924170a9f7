/**
 * The simulator's API tests' shared setup (mock-trade.test.ts, mock-trade-market.test.ts): a listening
 * app with a sandbox provider (a deposit and a payout passage), the exchange rates, an administrator
 * and an editor, a real merchant with 5000 (whose balance no mock call may move) and the sandbox
 * merchant. After the file: the books balance and the real merchant's money is untouched.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { seedExchangeRates } from '../src/modules/mockTrade/exchange-rates.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import {
  type Answer,
  call,
  createOperator,
  type Session,
  signIn,
  signInAdmin,
  type TestApp,
} from './harness.ts';
import { balance, makeMerchant, type TestMerchant } from './openapi-client.ts';
import { listeningApp, passage, sandboxParty } from './upstream-helpers.ts';

export interface MockTradeSuite {
  t: TestApp;
  admin: Session;
  editor: Session;
  real: TestMerchant;
  sandbox: { id: number; mchNo: string; sandbox: boolean };
}

/** Registers the file's setup and its closing checks; the suite is filled once beforeAll ran. */
export function mockTradeSuite() {
  const suite = {} as MockTradeSuite;
  const get = <T>(url: string, s?: Session) => call<T>(suite.t, 'GET', url, { session: s ?? suite.admin });
  const post = <T>(url: string, body: unknown, s?: Session, headers?: Record<string, string>) =>
    call<T>(suite.t, 'POST', url, { session: s ?? suite.admin, body, headers });
  const count = async (q: ReturnType<typeof sql>) =>
    Number((await suite.t.ctx.db.execute<{ n: number }>(q)).rows[0]!.n);

  beforeAll(async () => {
    const t = await listeningApp();
    suite.t = t;
    await seedExchangeRates(t.ctx);
    const party = await sandboxParty(t, 'SBX_MOCK');
    await passage(t, party, { payType: 'alipay' });
    await passage(t, party, { payType: 'bank_card', direction: 'withdraw' });
    suite.admin = await signInAdmin(t);
    await createOperator(t, 'mockeditor', 'Editor#2026x', ['editor']);
    suite.editor = await signIn(t, 'mockeditor', 'Editor#2026x');
    suite.real = await makeMerchant(t, { singleMin: '1', singleMax: '100000' }, '5000');
    suite.sandbox = (await get<MockTradeSuite['sandbox']>('/mockTrade/sandboxMerchant')).envelope.data;
  });
  afterAll(async () => {
    const report = await verifyLedger(suite.t.ctx.db);
    expect(report, JSON.stringify(report)).toSatisfy(ledgerIsSound);
    // No mock call ever moved a real merchant's money.
    expect(await balance(suite.t, suite.real)).toEqual({ available: '5000.00000000', frozen: '0.00000000' });
    await suite.t.close();
  });

  return {
    suite,
    get,
    post,
    count,
    /** The fields a 400 names. */
    fields: (res: Answer) =>
      (res.envelope.data as { fields?: { field: string }[] })?.fields?.map((f) => f.field),
    auditRows: (objectType: string) =>
      count(sql`SELECT count(*)::int AS n FROM operation_log WHERE object_type = ${objectType}`),
  };
}
