/**
 * Reconciliation against upstream statements on the real server (the sandbox upstream over HTTP):
 * a statement with every kind of line, classified; differences resolved (one by requesting the
 * order's manual success, maker-checker) and the day closed, refused while a line is open; bad files
 * (missing columns, GBK bytes, a bad amount, an empty order number, the same file or day twice) are
 * 400s naming the line or column with nothing imported; xlsx; a fetch from the sandbox; 100k lines.
 */

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thirdParties } from '../src/modules/mch/passage.schema.ts';
import { stageStatement } from '../src/modules/order/recon-import.ts';
import { reconLines, reconStatements } from '../src/modules/order/reconciliation.schema.ts';
import { depositOrders } from '../src/modules/order/schema.ts';
import { resources } from '../src/modules/sys/schema.ts';
import { placeDeposit } from '../src/modules/upstream/placement.ts';
import { call, createOperator, type Session, signIn, signInAdmin, type TestApp } from './harness.ts';
import {
  listeningApp,
  merchant,
  type Party,
  passage,
  sandboxCall,
  sandboxParty,
  waitFor,
} from './upstream-helpers.ts';

let t: TestApp;
let admin: Session;
let party: Party;
let merchantId: number;

const HEADER = 'upstream_order_no,order_no,kind,amount,status,created_at';

beforeAll(async () => {
  t = await listeningApp();
  party = await sandboxParty(t, 'SBX_REC');
  await passage(t, party, { payType: 'alipay' });
  merchantId = (await merchant(t)).id;
  await sandboxCall(t, party, 'control', { delayMs: 50 });
  await t.ctx.db
    .update(resources)
    .set({ needsCode: false })
    .where(
      sql`${resources.permission} LIKE 'order.reconciliationPage.%' OR ${resources.permission} = 'order.orderDepositList.approveManualSuccess'`,
    );
  admin = await signInAdmin(t);
}, 60_000);
afterAll(() => t.close());

let seq = 0;
/** A deposit placed through the sandbox, waited for until the sandbox's callback decided it. */
async function deposit(amount: string, outcome: 'success' | 'fail' = 'success', payType = 'alipay') {
  // The account's instruction decides the callback (set before the order exists: no race with it).
  if (outcome === 'fail') await sandboxCall(t, party, 'control', { outcome: 'fail', delayMs: 50 });
  const { order } = await placeDeposit(t.ctx, {
    merchantId,
    mchOrderNo: `REC-${++seq}-${Date.now()}`,
    payType: payType as 'alipay',
    amount,
  });
  const decided = await waitFor(async () => {
    const [o] = await t.ctx.db.select().from(depositOrders).where(eq(depositOrders.id, order.id));
    return o && ['in_audit', 'failed'].includes(o.status) && o;
  });
  if (outcome === 'fail') await sandboxCall(t, party, 'control', { delayMs: 50 });
  return decided;
}

async function dayOf(at: Date): Promise<string> {
  const r = await t.ctx.db.execute<{ d: string }>(
    sql`SELECT (${at.toISOString()}::timestamptz AT TIME ZONE ${t.ctx.config.timeZone})::date::text AS d`,
  );
  return r.rows[0]!.d;
}

function multipart(fields: Record<string, string>, file: { name: string; content: Buffer | string }) {
  const boundary = `----recon${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  day: string,
  file: { name: string; content: Buffer | string },
  thirdPartyId = party.id,
  en = false,
) {
  const m = multipart({ thirdPartyId: String(thirdPartyId), day }, file);
  return call<{ id: number; linesTotal: number }>(t, 'POST', '/api/pay/reconciliation/upload', {
    session: admin,
    body: m.body,
    headers: { 'content-type': m.type, ...(en ? { 'accept-language': 'en-US' } : {}) },
  });
}

async function imported(id: number) {
  return waitFor(async () => {
    const [s] = await t.ctx.db.select().from(reconStatements).where(eq(reconStatements.id, id));
    return s && s.status !== 'importing' && s;
  }, 120_000);
}

async function linesOf(statementId: number) {
  const res = await call<{ list: Record<string, unknown>[] }>(
    t,
    'POST',
    '/api/pay/reconciliation/lines/findByPage',
    {
      session: admin,
      body: { page: 1, pageSize: 100, filters: { statementId } },
    },
  );
  expect(res.envelope.code, res.body).toBe(0);
  return res.envelope.data.list;
}

const statementCount = async () => (await t.ctx.db.select({ n: count() }).from(reconStatements))[0]!.n;
const lineCount = async () => (await t.ctx.db.select({ n: count() }).from(reconLines))[0]!.n;

describe('a statement with every kind of line', () => {
  let day: string;
  let statementId: number;
  let failedOrder: typeof depositOrders.$inferSelect;
  let csv: string;

  it('classifies each line: matched, amount differs, status differs, only upstream, only here', async () => {
    const a = await deposit('100.00');
    const b = await deposit('200.00');
    failedOrder = await deposit('300.00', 'fail');
    const e = await deposit('400.00');
    expect(failedOrder.status).toBe('failed');
    day = await dayOf(a.createdAt);
    csv = [
      HEADER,
      `${a.upstreamOrderNo},${a.orderNo},payment,100.00,paid,x`,
      `${b.upstreamOrderNo},${b.orderNo},payment,250.00,paid,x`,
      `${failedOrder.upstreamOrderNo},"${failedOrder.orderNo}",payment,300,PAID,x`,
      'SBX-ONLY-THERE,"no, such order",payment,50.00,paid,x',
      '',
    ].join('\r\n');
    const res = await upload(day, { name: 'statement.csv', content: csv });
    expect(res.envelope.code, res.body).toBe(0);
    expect(res.envelope.data.linesTotal).toBe(4);
    const s = await imported(res.envelope.data.id);
    statementId = s.id;
    expect(s).toMatchObject({
      status: 'open',
      processed: 4,
      matched: 1,
      amountDiffers: 1,
      statusDiffers: 1,
      onlyUpstream: 1,
      onlyHere: 1,
      openLines: 4,
    });
    const lines = await linesOf(s.id);
    const by = (no: string) => lines.find((l) => l.upstreamOrderNo === no)!;
    expect(by(a.upstreamOrderNo!)).toMatchObject({ category: 'matched', resolution: 'none', lineNo: 2 });
    expect(by(b.upstreamOrderNo!)).toMatchObject({
      category: 'amount_differs',
      resolution: 'open',
      orderNo: b.orderNo,
    });
    expect(by(failedOrder.upstreamOrderNo!)).toMatchObject({
      category: 'status_differs',
      upstreamStatus: 'success',
      ourStatus: 'failed',
    });
    expect(by('SBX-ONLY-THERE')).toMatchObject({ category: 'only_upstream', lineNo: 5, orderNo: null });
    expect(by(e.upstreamOrderNo!)).toMatchObject({ category: 'only_here', lineNo: null, orderNo: e.orderNo });
  });

  it('refuses to close the day while lines are open, naming how many', async () => {
    const res = await call(t, 'POST', '/api/pay/reconciliation/close', {
      session: admin,
      body: { id: statementId },
      headers: { 'accept-language': 'en-US' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('4 line(s) still open');
  });

  it("resolves lines with a note, one by requesting the order's manual success, then closes the day", async () => {
    const lines = await linesOf(statementId);
    const noNote = await call(t, 'POST', '/api/pay/reconciliation/lines/resolve', {
      session: admin,
      body: { id: lines.find((l) => l.resolution === 'open')!.id },
    });
    expect(noNote.statusCode).toBe(400);
    const only = lines.find((l) => l.category === 'only_upstream')!;
    const noOrder = await call(t, 'POST', '/api/pay/reconciliation/lines/requestSuccess', {
      session: admin,
      body: { id: only.id, reason: '上游多出的单' },
    });
    expect(noOrder.statusCode).toBe(400);
    const status = lines.find((l) => l.category === 'status_differs')!;
    const req = await call(t, 'POST', '/api/pay/reconciliation/lines/requestSuccess', {
      session: admin,
      body: { id: status.id, reason: '上游已付款，我方回调丢失' },
    });
    expect(req.envelope.code, req.body).toBe(0);
    const [o] = await t.ctx.db.select().from(depositOrders).where(eq(depositOrders.id, failedOrder.id));
    expect(o).toMatchObject({ status: 'manual_success_pending', manualBy: 1, manualFrom: 'failed' });
    // Money moves only when a second operator approves the request on the order (maker-checker).
    const approve = (session: Session) =>
      call(t, 'POST', '/api/pay/depositOrder/approveManualSuccess', {
        session,
        body: { id: failedOrder.id },
        headers: { 'idempotency-key': `recon-${session.token.slice(0, 8)}-${Date.now()}` },
      });
    expect((await approve(admin)).statusCode).toBe(400);
    await createOperator(t, 'checker', 'Checker12345', ['admin']);
    const checked = await approve(await signIn(t, 'checker', 'Checker12345'));
    expect(checked.envelope.code, checked.body).toBe(0);
    const [paid] = await t.ctx.db.select().from(depositOrders).where(eq(depositOrders.id, failedOrder.id));
    expect(paid!.status).toBe('success');
    for (const l of lines.filter((x) => x.resolution === 'open' && x.id !== status.id)) {
      const r = await call(t, 'POST', '/api/pay/reconciliation/lines/resolve', {
        session: admin,
        body: { id: l.id, reason: '已与上游核实' },
      });
      expect(r.envelope.code, r.body).toBe(0);
    }
    const after = await linesOf(statementId);
    expect(after.filter((l) => l.resolution === 'open')).toHaveLength(0);
    expect(after.find((l) => l.id === status.id)).toMatchObject({
      resolution: 'resolved',
      note: '上游已付款，我方回调丢失',
      resolvedByName: 'admin',
    });
    const close = await call(t, 'POST', '/api/pay/reconciliation/close', {
      session: admin,
      body: { id: statementId },
    });
    expect(close.envelope.code, close.body).toBe(0);
    const [s] = await t.ctx.db.select().from(reconStatements).where(eq(reconStatements.id, statementId));
    expect(s).toMatchObject({ status: 'closed', openLines: 0 });
    expect(s!.closedAt).not.toBeNull();
  });

  it('refuses the same file again, and a second statement of the same day, with nothing imported', async () => {
    const [statements, lines] = [await statementCount(), await lineCount()];
    const again = await upload('2026-01-02', { name: 'copy.csv', content: csv }, party.id, true);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain(`this file was imported already (statement #${statementId}`);
    const sameDay = await upload(day, {
      name: 'other.csv',
      content: `${HEADER}\nSBX-X,o,payment,1.00,paid,x\n`,
    });
    expect(sameDay.statusCode).toBe(400);
    expect(sameDay.body).toContain('该三方当日已有对账单');
    expect([await statementCount(), await lineCount()]).toEqual([statements, lines]);
  });
});

describe('bad statements are refused naming the column or line, with nothing imported', () => {
  const cases: [string, Buffer | string, string][] = [
    [
      'missing columns',
      'upstream_order_no,kind,total\nSBX1,payment,1.00\n',
      'the statement lacks the columns: amount, status, created_at',
    ],
    [
      'GBK bytes',
      Buffer.concat([
        Buffer.from(`${HEADER}\nSBX1,o1,payment,1.00,paid,x\n`),
        Buffer.from([0x53, 0x42, 0x58, 0x32, 0x2c, 0xd6, 0xd0, 0xce, 0xc4, 0x2c]),
        Buffer.from('payment,1.00,paid,x\n'),
      ]),
      'line 3 is not UTF-8',
    ],
    [
      'a bad amount',
      `${HEADER}\nSBX1,o1,payment,1.00,paid,x\nSBX2,o2,payment,1.00,paid,x\nSBX3,o3,payment,12.3.4,paid,x\n`,
      'line 4: invalid amount 12.3.4',
    ],
    [
      'a bad amount after a quoted field spanning two lines (lines counted in the file)',
      `${HEADER}\nSBX1,"two\nlines",payment,1.00,paid,x\nSBX2,o2,payment,-1,paid,x\n`,
      'line 4: invalid amount -1',
    ],
    [
      'an empty order number',
      `${HEADER}\n,o1,payment,1.00,paid,x\n`,
      'line 2: the upstream order no. (upstream_order_no) is empty',
    ],
    [
      'an unknown status',
      `${HEADER}\nSBX1,o1,payment,1.00,refunding,x\n`,
      'line 2: unknown status refunding',
    ],
    [
      'a repeated order',
      `${HEADER}\nSBX1,o1,payment,1.00,paid,x\nSBX1,o1,payment,1.00,paid,x\n`,
      'line 3: upstream order no. SBX1 repeats line 2',
    ],
  ];
  it.each(cases)('%s', async (_name, content, message) => {
    const [statements, lines] = [await statementCount(), await lineCount()];
    const res = await upload('2026-02-01', { name: 'bad.csv', content }, party.id, true);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.envelope.data).toMatchObject({ fields: [{ field: 'file' }] });
    expect(res.body).toContain(message);
    expect([await statementCount(), await lineCount()]).toEqual([statements, lines]);
  });

  it('asks for a session first', async () => {
    const m = multipart(
      { thirdPartyId: String(party.id), day: '2026-02-01' },
      { name: 'a.csv', content: `${HEADER}\n` },
    );
    const res = await call(t, 'POST', '/api/pay/reconciliation/upload', {
      body: m.body,
      headers: { 'content-type': m.type },
    });
    expect(res.statusCode).toBe(401);
  });

  it('names the line in Chinese by default, and refuses other file types', async () => {
    const res = await upload('2026-02-01', {
      name: 'bad.csv',
      content: `${HEADER}\nSBX1,o1,payment,abc,paid,x\n`,
    });
    expect(res.body).toContain('第2行的金额无效：abc');
    const fake = await upload('2026-02-01', { name: 'fake.xlsx', content: `${HEADER}\n` }, party.id, true);
    expect(fake.statusCode).toBe(400);
    expect(fake.body).toContain('is not a valid xlsx file');
    const txt = await upload('2026-02-01', { name: 'statement.txt', content: `${HEADER}\n` });
    expect(txt.statusCode).toBe(400);
    expect(txt.body).toContain('只支持 .csv 或 .xlsx 文件');
  });
});

describe('other sources', () => {
  it('reads an xlsx statement (streamed)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('statement');
    ws.addRow(HEADER.split(','));
    ws.addRow(['SBX-XLSX-1', 'o1', 'payment', 12.5, 'paid', 'x']);
    ws.addRow(['SBX-XLSX-2', 'o2', 'payout', '7.00', 'failed', 'x']);
    const content = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload('2026-03-01', { name: 'statement.xlsx', content });
    expect(res.envelope.code, res.body).toBe(0);
    const s = await imported(res.envelope.data.id);
    expect(s).toMatchObject({ status: 'open', linesTotal: 2, onlyUpstream: 2 });
    const lines = await linesOf(s.id);
    expect(lines.map((l) => [l.upstreamOrderNo, l.upstreamAmount, l.upstreamStatus])).toEqual([
      ['SBX-XLSX-1', '12.50000000', 'success'],
      ['SBX-XLSX-2', '7.00000000', 'failed'],
    ]);
  });

  it("fetches a day's statement from the sandbox, which reports one order differently when told to; a stated fee is compared with the channel cost", async () => {
    const other = await sandboxParty(t, 'SBX_REC2');
    await passage(t, other, { payType: 'wechat', rate: '0.01' });
    await sandboxCall(t, other, 'control', { delayMs: 50 });
    const x = await deposit('80.00', 'success', 'wechat');
    const y = await deposit('90.00', 'success', 'wechat');
    const z = await deposit('70.00', 'success', 'wechat');
    const w = await deposit('60.00', 'success', 'wechat');
    expect(x.thirdPartyId).toBe(other.id);
    expect(w.channelFee).toBe('0.60000000');
    await sandboxCall(t, other, 'control', { orderNo: y.orderNo, delayMs: 50, reportAmount: '99.00' });
    // The provider states what it charged: the channel cost for one, more for the other.
    await sandboxCall(t, other, 'control', { orderNo: z.orderNo, delayMs: 50, reportFee: '0.70' });
    await sandboxCall(t, other, 'control', { orderNo: w.orderNo, delayMs: 50, reportFee: '1.00' });
    const res = await call<{ id: number }>(t, 'POST', '/api/pay/reconciliation/fetch', {
      session: admin,
      body: { thirdPartyId: other.id, day: await dayOf(x.createdAt) },
    });
    expect(res.envelope.code, res.body).toBe(0);
    const s = await imported(res.envelope.data.id);
    expect(s).toMatchObject({
      status: 'open',
      source: 'fetch',
      linesTotal: 4,
      matched: 2,
      amountDiffers: 1,
      feeDiffers: 1,
      openLines: 2,
    });
    const lines = await linesOf(s.id);
    expect(lines.find((l) => l.orderNo === y.orderNo)).toMatchObject({
      category: 'amount_differs',
      upstreamAmount: '99.00000000',
      ourAmount: '90.00000000',
    });
    expect(lines.find((l) => l.orderNo === z.orderNo)).toMatchObject({
      category: 'matched',
      upstreamFee: '0.70000000',
      ourFee: '0.70000000',
    });
    expect(lines.find((l) => l.orderNo === w.orderNo)).toMatchObject({
      category: 'fee_differs',
      resolution: 'open',
      upstreamFee: '1.00000000',
      ourFee: '0.60000000',
    });
  });
});

describe("an interface type's column mapping", () => {
  const add = (values: Record<string, string>) =>
    call<Record<string, unknown>>(t, 'POST', '/api/pay/thirdinterfacetype/add', {
      session: admin,
      body: {
        code: 'http-json',
        name: 'JSON',
        signMethod: 'HMAC-SHA256',
        requestFormat: 'json',
        status: 'on',
        ...values,
      },
      headers: { 'accept-language': 'en-US' },
    });

  it('is refused when incomplete or naming a column twice, naming the fields', async () => {
    const partial = await add({ stmtOrderNoColumn: 'no' });
    expect(partial.statusCode).toBe(400);
    const fields = (partial.envelope.data as unknown as { fields: { field: string }[] }).fields.map(
      (f) => f.field,
    );
    expect(fields).toEqual(['stmtAmountColumn', 'stmtStatusColumn', 'stmtSuccessWords', 'stmtFailedWords']);
    const twice = await add({
      stmtOrderNoColumn: 'no',
      stmtAmountColumn: 'no',
      stmtStatusColumn: 'st',
      stmtSuccessWords: 'ok',
      stmtFailedWords: 'ok',
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('names the same column as another: no');
    expect(twice.body).toContain('a status word appears twice: ok');
  });

  it("reads a statement by its third party's mapping (a UTF-8 BOM and Chinese headers)", async () => {
    const type = await add({
      stmtOrderNoColumn: '流水号',
      stmtAmountColumn: '金额',
      stmtStatusColumn: '状态',
      stmtSuccessWords: '成功, 已支付',
      stmtFailedWords: '失败',
      stmtFeeColumn: '手续费',
    });
    expect(type.envelope.code, type.body).toBe(0);
    const [tp] = await t.ctx.db
      .insert(thirdParties)
      .values({
        code: 'JSONPAY',
        name: 'JSONPAY',
        interfaceType: 'http-json',
        baseUrl: 'https://example.com',
        upstreamMchNo: 'J1',
      })
      .returning();
    const csv = '\uFEFF流水号,金额,手续费,状态\nJ-1,"1,000.00",1.00,成功\nJ-2,20.00,,失败\n';
    const comma = await upload('2026-04-01', { name: 'json.csv', content: csv }, tp!.id, true);
    expect(comma.body).toContain('line 2: invalid amount 1,000.00');
    const res = await upload(
      '2026-04-01',
      { name: 'json.csv', content: csv.replace('"1,000.00"', '1000.00') },
      tp!.id,
    );
    expect(res.envelope.code, res.body).toBe(0);
    const s = await imported(res.envelope.data.id);
    expect(s).toMatchObject({ status: 'open', linesTotal: 2, onlyUpstream: 2 });
    const lines = await linesOf(s.id);
    expect(lines.map((l) => [l.upstreamOrderNo, l.upstreamStatus])).toEqual([
      ['J-1', 'success'],
      ['J-2', 'failed'],
    ]);
  });

  it('is required for a third party whose type has none', async () => {
    const [tp] = await t.ctx.db
      .insert(thirdParties)
      .values({
        code: 'FORMPAY',
        name: 'FORMPAY',
        interfaceType: 'http-form',
        baseUrl: 'https://example.com',
        upstreamMchNo: 'F1',
      })
      .returning();
    const res = await upload('2026-04-01', { name: 'f.csv', content: `${HEADER}\n` }, tp!.id, true);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('interface type http-form has no statement column mapping');
  });
});

describe('a large statement', () => {
  it('imports 100k lines in batches, with progress', async () => {
    const rows = [HEADER];
    for (let i = 0; i < 100_000; i++) rows.push(`SBX-BIG-${i},o${i},payment,${(i % 1000) + 1}.25,paid,x`);
    const started = Date.now();
    const res = await upload('2025-12-31', { name: 'big.csv', content: `${rows.join('\n')}\n` });
    expect(res.envelope.code, res.body).toBe(0);
    const answered = Date.now() - started;
    let sawProgress = false;
    const s = await waitFor(async () => {
      const [row] = await t.ctx.db
        .select()
        .from(reconStatements)
        .where(eq(reconStatements.id, res.envelope.data.id));
      if (row && row.status === 'importing' && row.processed > 0 && row.processed < 100_000)
        sawProgress = true;
      return row && row.status !== 'importing' && row;
    }, 300_000);
    const total = Date.now() - started;
    console.log(
      `reconciliation: 100k-line CSV checked and staged in ${answered} ms, imported and classified in ${total} ms` +
        ` (progress seen while importing: ${sawProgress})`,
    );
    expect(s).toMatchObject({
      status: 'open',
      linesTotal: 100_000,
      processed: 100_000,
      onlyUpstream: 100_000,
    });
    const [n] = await t.ctx.db
      .select({ n: count() })
      .from(reconLines)
      .where(inArray(reconLines.statementId, [s.id]));
    expect(n!.n).toBe(100_000);
  }, 300_000);
});

describe('an import interrupted by a stopped server', () => {
  it('leaves nothing, and its day and file may be uploaded again once it is stale', async () => {
    const content = `${HEADER}\nSBX-STALE-1,o1,payment,5.00,paid,x\n`;
    const path = join(mkdtempSync(join(tmpdir(), 'recon-test-')), 'stale.csv');
    writeFileSync(path, content);
    const actor = { operatorId: 1, username: 'admin', locale: 'en-US' as const };
    // Staged, then the server "stops" before its lines are written.
    const { statement } = await stageStatement(t.ctx, {
      thirdPartyId: party.id,
      day: '2026-05-01',
      source: 'upload',
      fileName: 'stale.csv',
      path,
      format: 'csv',
      actor,
    });
    const blocked = await upload('2026-05-01', { name: 'stale.csv', content }, party.id, true);
    expect(blocked.body).toContain(`this file was imported already (statement #${statement.id}`);
    t.ctx.clock.advance(11 * 60_000);
    const again = await upload('2026-05-01', { name: 'stale.csv', content }, party.id, true);
    expect(again.envelope.code, again.body).toBe(0);
    expect(await imported(again.envelope.data.id)).toMatchObject({ status: 'open', onlyUpstream: 1 });
    const [old] = await t.ctx.db.select().from(reconStatements).where(eq(reconStatements.id, statement.id));
    expect(old).toMatchObject({
      status: 'failed',
      error: 'the import was interrupted and nothing of it kept: upload it again',
    });
  });
});
