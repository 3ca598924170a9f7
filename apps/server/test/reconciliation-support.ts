/**
 * The reconciliation tests' world and helpers (reconciliation.test.ts, reconciliation-sources.test.ts):
 * one real server with a sandbox upstream over HTTP, deposits placed through it and decided by its
 * callback, statements uploaded as multipart files and waited for until imported.
 */
import { count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { reconLines, reconStatements } from '../src/modules/order/reconciliation.schema.ts';
import { depositOrders } from '../src/modules/order/schema.ts';
import { resources } from '../src/modules/sys/schema.ts';
import { placeDeposit } from '../src/modules/upstream/placement.ts';
import { call, type Session, signInAdmin, type TestApp, toLocalHour } from './harness.ts';
import {
  listeningApp,
  merchant,
  type Party,
  passage,
  sandboxCall,
  sandboxParty,
  waitFor,
} from './upstream-helpers.ts';

export const HEADER = 'upstream_order_no,order_no,kind,amount,status,created_at';

export interface ReconWorld {
  t: TestApp;
  admin: Session;
  /** The sandbox third party with an alipay passage (delays its callbacks 50 ms). */
  party: Party;
  merchantId: number;
}

/**
 * The server, its sandbox party and merchant, reconciliation without authenticator codes. `localHour`:
 * the app clock moved first to the next such hour in the platform's zone, so that the orders a test
 * places for a day's statement fall in one platform day.
 */
export async function reconWorld(opts: { localHour?: number } = {}): Promise<ReconWorld> {
  const t = await listeningApp();
  if (opts.localHour !== undefined) toLocalHour(t, opts.localHour);
  const party = await sandboxParty(t, 'SBX_REC');
  await passage(t, party, { payType: 'alipay' });
  const merchantId = (await merchant(t)).id;
  await sandboxCall(t, party, 'control', { delayMs: 50 });
  await t.ctx.db
    .update(resources)
    .set({ needsCode: false })
    .where(
      sql`${resources.permission} LIKE 'order.reconciliationPage.%' OR ${resources.permission} = 'order.orderDepositList.approveManualSuccess'`,
    );
  return { t, party, merchantId, admin: await signInAdmin(t) };
}

/** The helpers over a world filled in by the file's beforeAll. */
export function reconHelpers(w: ReconWorld) {
  let seq = 0;
  /** A deposit placed through the sandbox, waited for until the sandbox's callback decided it. */
  async function deposit(amount: string, outcome: 'success' | 'fail' = 'success', payType = 'alipay') {
    const { t, party } = w;
    // The account's instruction decides the callback (set before the order exists: no race with it).
    if (outcome === 'fail') await sandboxCall(t, party, 'control', { outcome: 'fail', delayMs: 50 });
    const { order } = await placeDeposit(t.ctx, {
      merchantId: w.merchantId,
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
    const r = await w.t.ctx.db.execute<{ d: string }>(
      sql`SELECT (${at.toISOString()}::timestamptz AT TIME ZONE ${w.t.ctx.config.timeZone})::date::text AS d`,
    );
    return r.rows[0]!.d;
  }

  async function upload(
    day: string,
    file: { name: string; content: Buffer | string },
    thirdPartyId = w.party.id,
    en = false,
  ) {
    const m = multipart({ thirdPartyId: String(thirdPartyId), day }, file);
    return call<{ id: number; linesTotal: number }>(w.t, 'POST', '/api/pay/reconciliation/upload', {
      session: w.admin,
      body: m.body,
      headers: { 'content-type': m.type, ...(en ? { 'accept-language': 'en-US' } : {}) },
    });
  }

  async function imported(id: number) {
    return waitFor(async () => {
      const [s] = await w.t.ctx.db.select().from(reconStatements).where(eq(reconStatements.id, id));
      return s && s.status !== 'importing' && s;
    }, 120_000);
  }

  async function linesOf(statementId: number) {
    const res = await call<{ list: Record<string, unknown>[] }>(
      w.t,
      'POST',
      '/api/pay/reconciliation/lines/findByPage',
      {
        session: w.admin,
        body: { page: 1, pageSize: 100, filters: { statementId } },
      },
    );
    expect(res.envelope.code, res.body).toBe(0);
    return res.envelope.data.list;
  }

  const statementCount = async () => (await w.t.ctx.db.select({ n: count() }).from(reconStatements))[0]!.n;
  const lineCount = async () => (await w.t.ctx.db.select({ n: count() }).from(reconLines))[0]!.n;
  return { deposit, dayOf, upload, imported, linesOf, statementCount, lineCount };
}

export function multipart(fields: Record<string, string>, file: { name: string; content: Buffer | string }) {
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
