/**
 * Reconciliation statements from other sources and at scale (reconciliation-support.ts): an xlsx
 * file, a day fetched from the sandbox (a stated fee compared with the channel cost), an interface
 * type's column mapping, 100k lines with progress, an import interrupted by a stopped server.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thirdParties } from '../src/modules/mch/passage.schema.ts';
import { stageStatement } from '../src/modules/order/recon-import.ts';
import { reconLines, reconStatements } from '../src/modules/order/reconciliation.schema.ts';
import { call, clearOfMidnight, type Session, type TestApp } from './harness.ts';
import { HEADER, type ReconWorld, reconHelpers, reconWorld } from './reconciliation-support.ts';
import { type Party, passage, sandboxCall, sandboxParty, waitFor } from './upstream-helpers.ts';

let t: TestApp;
let admin: Session;
let party: Party;
const w = {} as ReconWorld;
const { deposit, dayOf, upload, imported, linesOf } = reconHelpers(w);

beforeAll(async () => {
  Object.assign(w, await reconWorld());
  ({ t, admin, party } = w);
}, 60_000);
afterAll(() => t.close());

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
    // The four orders and the statement fetched for their day in one platform day. The app clock stays
    // (the stale import below needs it near the database's: a staged statement's updated_at is its now()).
    await clearOfMidnight(t, 60_000);
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
