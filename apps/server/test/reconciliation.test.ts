import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconStatements } from '../src/modules/order/reconciliation.schema.ts';
import { depositOrders } from '../src/modules/order/schema.ts';
import { call, createOperator, type Session, signIn, type TestApp } from './harness.ts';
import { HEADER, multipart, type ReconWorld, reconHelpers, reconWorld } from './reconciliation-support.ts';
import type { Party } from './upstream-helpers.ts';

let t: TestApp;
let admin: Session;
let party: Party;
const w = {} as ReconWorld;
const { deposit, dayOf, upload, imported, linesOf, statementCount, lineCount } = reconHelpers(w);

beforeAll(async () => {
  // Each statement is of the platform day its test's orders were placed on: all in one day.
  Object.assign(w, await reconWorld({ localHour: 10 }));
  ({ t, admin, party } = w);
}, 60_000);
afterAll(() => t.close());

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
    // The order's history names the statement; each reader sees 对账 / Reconciliation in their language.
    const history = await t.ctx.pool.query(
      `SELECT reason FROM status_history WHERE resource = 'orderDepositList' AND record_id = $1 ORDER BY id DESC LIMIT 1`,
      [String(failedOrder.id)],
    );
    expect(history.rows[0].reason).toBe(`@reconciliation: #${statementId} 上游已付款，我方回调丢失`);
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
