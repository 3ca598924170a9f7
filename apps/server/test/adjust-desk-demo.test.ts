/**
 * The demo's finance desk (demo/adjust-desk-day.ts) works through the console's routes: the clerk's
 * requests and the lead's decisions are what the approvals list shows, each with its history (the
 * request audited on the merchant, the decision on the adjustment), and the approved money is in the
 * ledger once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FINANCE_CLERK, FINANCE_LEAD, runAdjustDesk } from '../src/demo/adjust-desk-day.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';
import { call, createTestApp, type Session, signInAdmin, type TestApp } from './harness.ts';

let t: TestApp;
let admin: Session;
type Row = Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  for (const name of ['Desk One Co', 'Desk Two Co', 'Desk Three Co']) {
    const res = await call(t, 'POST', '/api/mch/mchList/add', {
      session: admin,
      body: { name, depositRate: '0.01', withdrawRate: '0.01' },
    });
    expect(res.envelope.code, res.body).toBe(0);
  }
});
afterAll(() => t.close());

it("the clerk's large credit is approved by the lead, the next rejected; the lead's own waits", async () => {
  expect(await runAdjustDesk(t.app, t.ctx)).toEqual({ approved: 1, rejected: 1, pending: 1 });
  const list = await call<{ list: Row[] }>(t, 'POST', '/api/mch/adjust/findByPage', {
    session: admin,
    body: { page: 1, pageSize: 20 },
  });
  const rows = list.envelope.data.list;
  // Newest first: the lead's waiting request, the rejected one, the approved one.
  expect(rows.map((r) => [r.status, r.makerIdLabel, r.checkerIdLabel ?? null])).toEqual([
    ['pending', FINANCE_LEAD, null],
    ['rejected', FINANCE_CLERK, FINANCE_LEAD],
    ['executed', FINANCE_CLERK, FINANCE_LEAD],
  ]);
  expect(rows[1]!.decisionNote).toBe('金额与银行回单不符，请核对后重新发起');
  // Above the threshold (50,000 by default) by a fifth: 60,000, 61,000, 62,000.
  expect(rows.map((r) => Number(r.amount))).toEqual([62_000, 61_000, 60_000]);

  const history = async (id: unknown) =>
    (
      await call<{ list: Row[] }>(t, 'GET', `/api/mch/adjust/audit?id=${id}`, { session: admin })
    ).envelope.data.list.map((e) => [e.action, e.operatorName]);
  expect(await history(rows[2]!.id)).toEqual([
    ['mch.mchList.approve', FINANCE_LEAD],
    ['mch.mchList.adjust', FINANCE_CLERK],
  ]);
  expect(await history(rows[0]!.id)).toEqual([['mch.mchList.adjust', FINANCE_LEAD]]);
  expect(ledgerIsSound(await verifyLedger(t.ctx.db))).toBe(true);
}, 60_000);
