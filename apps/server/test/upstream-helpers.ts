/**
 * Helpers of the upstream tests: the real server listening on a port (the platform reaches its
 * sandbox, and the sandbox its callback endpoint, over HTTP), sandbox third parties and passages,
 * a merchant, and signed calls to the sandbox's control endpoints.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ensureSandboxParty } from '../src/demo/sandbox-channels.ts';
import { createMerchant } from '../src/modules/mch/merchant.service.ts';
import { passages } from '../src/modules/mch/passage.schema.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import { signed } from '../src/modules/upstream/signing.ts';
import { createTestApp, type TestApp } from './harness.ts';

export async function listeningApp(): Promise<TestApp> {
  const t = await createTestApp({ upstreamTimeoutMs: 1500 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return t;
}

export interface Party {
  id: number;
  code: string;
  mchNo: string;
  secret: string;
}

export async function sandboxParty(t: TestApp, code: string): Promise<Party> {
  const p = { code, name: code, mchNo: `MCH_${code}`, secret: randomBytes(16).toString('hex') };
  const id = await ensureSandboxParty(t.ctx.db, t.ctx.keys.secretKey, p);
  return { id, code, mchNo: p.mchNo, secret: p.secret };
}

export async function passage(
  t: TestApp,
  party: Party,
  values: Partial<typeof passages.$inferInsert> = {},
): Promise<typeof passages.$inferSelect> {
  const [row] = await t.ctx.db
    .insert(passages)
    .values({
      thirdPartyId: party.id,
      name: `${party.code}-${values.payType ?? 'alipay'}-${values.direction ?? 'deposit'}`,
      payType: 'alipay',
      direction: 'deposit',
      singleMin: '10',
      singleMax: '50000',
      dailyLimit: '0',
      weight: 1,
      ...values,
    })
    .returning();
  return row!;
}

export async function passageRow(t: TestApp, id: number) {
  const [row] = await t.ctx.db.select().from(passages).where(eq(passages.id, id));
  return row!;
}

export async function merchant(t: TestApp, values: Record<string, unknown> = {}) {
  const { merchant: m } = await t.ctx.db.transaction((tx) =>
    createMerchant(
      t.ctx,
      tx,
      { name: `m-${randomBytes(3).toString('hex')}`, singleMin: '1', singleMax: '100000', ...values },
      null,
    ),
  );
  return m;
}

/** A signed call to the sandbox provider (control, notify, query), as its account would make it. */
export async function sandboxCall(
  t: TestApp,
  party: Party,
  path: string,
  params: Record<string, string | number>,
) {
  const res = await fetch(`${platformOrigin(t.ctx)}/sandbox/upstream/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signed(party.secret, { mchNo: party.mchNo, ...params }, t.ctx.clock.now())),
  });
  const body = (await res.json()) as Record<string, unknown>;
  if (res.status !== 200 || body.code !== 0)
    throw new Error(`sandbox ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

export async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, ms = 8000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error('waitFor: timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A listening app with one sandbox third party, one passage of it and one merchant, callbacks as told. */
export async function sandboxWorld(
  code: string,
  values: Partial<typeof passages.$inferInsert>,
  control: Record<string, string | number>,
  merchantValues: Record<string, unknown> = {},
) {
  const t = await listeningApp();
  const party = await sandboxParty(t, code);
  await passage(t, party, values);
  const m = await merchant(t, merchantValues);
  await sandboxCall(t, party, 'control', control);
  return { t, party, m };
}
