/**
 * Issue 17 items 5 and 12 through the real routes: unmasking lasts UNMASK_MINUTES (the test clock moves
 * past it), the header's re-mask, a fresh code for any export of data in clear (audited with the row
 * count), and finance-ready files: typed .xlsx cells, times in the platform's zone, labels and header in
 * the operator's language, CSV with a byte-order mark.
 */
import { allResources, ErrorCode, type FieldDef } from '@payops/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemo } from '../src/demo/generate.ts';
import { merchants } from '../src/modules/mch/schema.ts';
import { members } from '../src/modules/member/schema.ts';
import { operationLog } from '../src/modules/sys/schema.ts';
import {
  bindAuthenticator,
  call,
  createTestApp,
  type Session,
  signInAdmin,
  type TestApp,
  totpCode,
} from './harness.ts';

type Row = Record<string, unknown>;
type Page = { list: Row[]; pager: { total: number } };

let t: TestApp;
let admin: Session;
let secret: string;
let names: string[];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signInAdmin(t);
  secret = await bindAuthenticator(t, admin, 1);
  await generateDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), {
    merchants: 2,
    members: 60,
    seed: 11,
    batch: 60,
  });
  names = (await t.ctx.db.select({ n: members.realName }).from(members)).map((m) => m.n);
});
afterAll(async () => {
  await t?.close();
});

/** A code of the next 30 s step: each code works once. */
async function freshCode(): Promise<string> {
  t.ctx.clock.advance(30_000);
  return totpCode(t, secret);
}

async function unmask(): Promise<string> {
  const res = await call<{ unmaskedUntil: string }>(t, 'GET', '/api/sys/user/googleAuthAdmin', {
    session: admin,
    code: await freshCode(),
  });
  expect(res.envelope.code).toBe(0);
  return res.envelope.data.unmaskedUntil;
}

const unmaskState = async () =>
  (await call<{ unmaskedUntil: string | null }>(t, 'GET', '/api/sys/user/unmaskState', { session: admin }))
    .envelope.data.unmaskedUntil;

const shownNames = async () =>
  (
    await call<Page>(t, 'POST', '/api/member/memberList/findByPage', {
      session: admin,
      body: { pageSize: 100 },
    })
  ).envelope.data.list.map((r) => r.realName as string);

const inClear = (shown: string[]) => shown.filter((n) => names.includes(n)).length;

async function lastLog(action: string) {
  const [row] = await t.ctx.db
    .select()
    .from(operationLog)
    .where(eq(operationLog.action, action))
    .orderBy(desc(operationLog.id))
    .limit(1);
  return row!;
}

describe('time-bound unmasking', () => {
  it('shows data in clear for 10 minutes, then masks again on the server', async () => {
    expect(await unmaskState()).toBeNull();
    expect(inClear(await shownNames())).toBe(0);
    const until = await unmask();
    const left = new Date(until).getTime() - t.ctx.clock.nowMs();
    expect(left).toBeGreaterThan(10 * 60_000 - 2000);
    expect(left).toBeLessThanOrEqual(10 * 60_000);
    expect(await unmaskState()).toBe(until);
    expect(inClear(await shownNames())).toBe(60);

    t.ctx.clock.advance(new Date(until).getTime() - t.ctx.clock.nowMs() - 5_000);
    expect(inClear(await shownNames())).toBe(60);
    t.ctx.clock.advance(6_000);
    expect(await unmaskState()).toBeNull();
    expect(inClear(await shownNames())).toBe(0);
  });

  it('re-masks at once on request, with an audit row', async () => {
    const until = await unmask();
    expect(inClear(await shownNames())).toBe(60);
    const res = await call<{ unmaskedUntil: null }>(t, 'POST', '/api/sys/user/remask', { session: admin });
    expect(res.envelope).toMatchObject({ code: 0, data: { unmaskedUntil: null } });
    expect(await unmaskState()).toBeNull();
    expect(inClear(await shownNames())).toBe(0);
    const log = await lastLog('/api/sys/user/remask');
    expect(log).toMatchObject({ operatorName: 'admin', objectType: 'session', result: 'success' });
    expect(log.detail).toMatchObject({ change: 'remask', unmaskedUntil: until });
  });
});

describe('exports of data in clear', () => {
  const exportMembers = (code?: string) =>
    call(t, 'POST', '/api/member/memberList/export', {
      session: admin,
      body: { format: 'csv', filters: {} },
      ...(code ? { code } : {}),
    });

  it('need no code while masked', async () => {
    const res = await exportMembers();
    expect(res.statusCode).toBe(200);
    expect(names.some((n) => res.body.includes(n))).toBe(false);
    expect((await lastLog('member.memberList.export')).detail).toMatchObject({ unmasked: false, rows: 60 });
  });

  it('answer 17017 without a fresh code while unmasked, and 200 with one, audited with the row count', async () => {
    await unmask();
    const refused = await exportMembers();
    expect(refused.envelope.code).toBe(ErrorCode.needCode);
    expect(names.some((n) => refused.body.includes(n))).toBe(false);
    expect(await lastLog('member.memberList.export')).toMatchObject({
      result: 'failure',
      code: ErrorCode.needCode,
    });

    const code = await freshCode();
    const res = await exportMembers(code);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe('60');
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(61);
    expect(names.filter((n) => res.body.includes(n)).length).toBe(60);
    const log = await lastLog('member.memberList.export');
    expect(log).toMatchObject({ result: 'success', objectType: 'memberList', operatorName: 'admin' });
    expect(log.detail).toMatchObject({ export: 'csv', unmasked: true, rows: 60 });

    // The same code again is not fresh (the very code: a new one could be the next 30 s step's).
    const again = await exportMembers(code);
    expect(again.envelope.code).toBe(ErrorCode.needCode);
    // A resource without personal data exports without a code while unmasked.
    const ips = await call(t, 'POST', '/api/sys/blackIp/export', { session: admin, body: { format: 'csv' } });
    expect(ips.statusCode).toBe(200);
  });
});

describe('finance-ready files', () => {
  let mchNo: string;
  beforeAll(async () => {
    await call(t, 'POST', '/api/sys/user/remask', { session: admin });
    const [m] = await t.ctx.db.select().from(merchants).limit(1);
    mchNo = m!.mchNo;
    await t.ctx.db.execute(sql`UPDATE merchants SET deposit_rate = '0.012', withdraw_rate = '0.0035',
      daily_limit = '12345.678', status = 'frozen', created_at = '2026-11-23T06:05:09Z' WHERE id = ${m!.id}`);
  });

  const exportMch = (format: 'csv' | 'xlsx', language: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mch/mchList/export',
      headers: {
        access_token: admin.token,
        cookie: `payops_session=${admin.cookie}`,
        'accept-language': language,
      },
      payload: { format, filters: { mchNo } },
    });

  async function sheetOf(language: string) {
    const res = await exportMch('xlsx', language);
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const cell = (title: string) => sheet.getRow(2).getCell(header.indexOf(title) + 1);
    return { header, cell };
  }

  it('.xlsx in en-US: numbers as numbers, money with 2 decimals, rates as percentages, times in the zone', async () => {
    const { header, cell } = await sheetOf('en-US');
    expect(header).toContain('Merchant no.');
    expect(header).toContain('Created at (Asia/Shanghai)');
    expect(cell('Daily deposit limit').value).toBe(12345.67);
    expect(cell('Daily deposit limit').numFmt).toBe('#,##0.00');
    expect(cell('Deposit fee rate').value).toBe(0.012);
    expect(cell('Deposit fee rate').numFmt).toContain('%');
    expect(cell('Withdrawal fee rate').value).toBe(0.0035);
    expect(typeof cell('ID').value).toBe('number');
    expect(cell('Status').value).toBe('Frozen');
    const created = cell('Created at (Asia/Shanghai)');
    expect(created.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect((created.value as Date).toISOString()).toBe('2026-11-23T14:05:09.000Z');
    expect(typeof cell('Available').value).toBe('number');
  });

  it('.xlsx in zh-CN: the header and labels in Chinese', async () => {
    const { header, cell } = await sheetOf('zh-CN');
    expect(header).toContain('商户号');
    expect(header).toContain('创建时间 (Asia/Shanghai)');
    expect(cell('状态').value).toBe('冻结');
    expect(cell('日充值限额').value).toBe(12345.67);
    expect(cell('充值费率').value).toBe(0.012);
  });

  it('CSV with a byte-order mark, in the operator language, with screen values', async () => {
    for (const [language, status, created] of [
      ['zh-CN', '冻结', '创建时间 (Asia/Shanghai)'],
      ['en-US', 'Frozen', 'Created at (Asia/Shanghai)'],
    ] as const) {
      const res = await exportMch('csv', language);
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const [head, line] = res.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n') as [string, string];
      const cols = head.split(',');
      const values = line.split(',');
      const at = (title: string) => values[cols.indexOf(title)];
      expect(cols).toContain(created);
      expect(at(created)).toBe('2026-11-23 14:05:09');
      expect(values).toContain(status);
      expect(values).toContain('12345.67');
      expect(values).toContain('1.2%');
      expect(values).toContain('0.35%');
    }
  });

  it("writes a reference by the name the cell shows, and a set of tag codes by the tags' names", async () => {
    const [own, agent] = await t.ctx.db.select().from(merchants).orderBy(merchants.id).limit(2);
    await t.ctx.db.update(merchants).set({ agentId: agent!.id }).where(eq(merchants.id, own!.id));
    const mch = await call(t, 'POST', '/api/mch/mchList/export', {
      session: admin,
      body: { format: 'csv', filters: { mchNo: own!.mchNo } },
      headers: { 'accept-language': 'en-US' },
    });
    const [head, line] = mch.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n') as [string, string];
    expect(line.split(',')[head.split(',').indexOf('Agent')]).toBe(agent!.name);

    const tag = await call(t, 'POST', '/api/financeRisk/financeTabList/add', {
      session: admin,
      body: { code: 'export_vip', name: '出口大户', meaning: 'an export test tag', color: 'red' },
    });
    expect(tag.envelope.code).toBe(0);
    const [member] = await t.ctx.db.select().from(members).orderBy(members.id).limit(1);
    // 'export_gone' has no tag: written as itself, as the cell shows it.
    await t.ctx.db
      .update(members)
      .set({ financeTags: 'export_vip,export_gone' })
      .where(eq(members.id, member!.id));
    const res = await call(t, 'POST', '/api/member/memberList/export', {
      session: admin,
      body: { format: 'xlsx', filters: { account: member!.account } },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(sheet.getRow(2).getCell(header.indexOf('财务标签') + 1).value).toBe('出口大户, export_gone');
  });

  it('writes times in a configured zone', async () => {
    const other = await createTestApp({ timeZone: 'UTC' });
    try {
      const session = await signInAdmin(other);
      const res = await call(other, 'POST', '/api/sys/user/export', {
        session,
        body: { format: 'csv' },
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.body).toContain('(UTC)');
      const [op] = await other.ctx.db
        .execute<{ t: string }>(
          sql`SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS t FROM operators WHERE id = 1`,
        )
        .then((r) => r.rows);
      expect(res.body).toContain(op!.t);
    } finally {
      await other.close();
    }
  });
});

describe('definitions', () => {
  it('state a currency only on money fields, by a code or a field the definition has; percent only on money', () => {
    for (const def of allResources) {
      for (const f of Object.values(def.fields as Record<string, FieldDef>)) {
        const where = `${def.name}.${f.name}`;
        if (f.display === 'percent' || f.currency) expect(f.type, where).toBe('money');
        if (f.currency && typeof f.currency === 'object')
          expect(def.fields, where).toHaveProperty(f.currency.field);
      }
    }
    const percent = allResources.flatMap((d) =>
      Object.values(d.fields as Record<string, FieldDef>)
        .filter((f) => f.display === 'percent')
        .map((f) => `${d.name}.${f.name}`),
    );
    expect(percent).toEqual(
      expect.arrayContaining(['mchList.depositRate', 'mchList.withdrawRate', 'mchThirdPayConfig.rate']),
    );
  });
});
