/** Test helpers of the merchant API: a merchant with a known secret and balance, and signed calls. */
import { type Locale, localText } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { merchantApiCall } from '../src/demo/orders-client.ts';
import { createMerchant } from '../src/modules/mch/merchant.service.ts';
import { platformOrigin } from '../src/modules/upstream/origin.ts';
import { ensureAccount, platformAccount, postEntry } from '../src/platform/ledger/index.ts';
import { signedBody } from '../src/platform/signing.ts';
import { type Answer, call, type TestApp } from './harness.ts';

export interface TestMerchant {
  id: number;
  mchNo: string;
  secret: string;
}

let made = 0;

export async function makeMerchant(
  t: TestApp,
  values: Record<string, unknown> = {},
  balance = '0',
): Promise<TestMerchant> {
  return t.ctx.db.transaction(async (tx) => {
    const { merchant, secret } = await createMerchant(
      t.ctx,
      tx,
      { name: `API merchant ${++made}`, ipWhitelist: '127.0.0.1', ...values },
      null,
    );
    if (balance !== '0') {
      const own = await ensureAccount(tx, {
        ownerType: 'merchant',
        ownerId: merchant.id,
        ownerCode: merchant.mchNo,
        merchantId: merchant.id,
      });
      const ref = `test-credit-${merchant.id}`;
      const contra = await platformAccount(tx, 'adjustments', 'CNY', `merchant_adjustment:${ref}`);
      await postEntry(tx, {
        kind: 'adjust_credit',
        event: 'execute',
        refType: 'merchant_adjustment',
        refId: ref,
        operatorId: null,
        at: t.ctx.clock.now(),
        legs: [
          { accountId: own.id, amount: balance },
          { accountId: contra.id, amount: `-${balance}` },
        ],
      });
    }
    return { id: merchant.id, mchNo: merchant.mchNo, secret };
  });
}

/** A signed call of the merchant API (timestamp from the app's clock unless given). */
export function mchCall<T = unknown>(
  t: TestApp,
  m: TestMerchant,
  path: string,
  params: Record<string, string>,
  opts: { timestamp?: string; nonce?: string; secret?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const body = signedBody(opts.secret ?? m.secret, m.mchNo, params, {
    timestamp: opts.timestamp ?? String(t.ctx.clock.nowMs()),
    nonce: opts.nonce,
  });
  return call<T>(t, 'POST', `/openapi/v1/${path}`, { body, headers: opts.headers });
}

export async function balance(t: TestApp, m: TestMerchant) {
  const { rows } = await t.ctx.db.execute<{ available: string; frozen: string }>(
    sql`SELECT available::text, frozen::text FROM ledger_accounts WHERE owner_type = 'merchant' AND owner_id = ${m.id}`,
  );
  return rows[0];
}

export interface LogRow {
  endpoint: string;
  mch_no: string;
  mch_order_no: string;
  order_no: string;
  amount: string | null;
  ip: string;
  accepted: boolean;
  code: number;
  code_name: string;
  /** The reason as a reader of each language reads it (the row keeps it in each). */
  reason: Record<Locale, string>;
}

/** The newest placement log row (the hook writes it before the answer leaves). */
export async function lastLog(t: TestApp): Promise<LogRow> {
  const { rows } = await t.ctx.pool.query('SELECT * FROM order_place_log ORDER BY id DESC LIMIT 1');
  const row = rows[0]!;
  const stored = row.reason as string;
  return { ...row, reason: { 'zh-CN': localText(stored, 'zh-CN'), 'en-US': localText(stored, 'en-US') } };
}

/** Han characters: what an en-US reader must not be shown for the platform's own words. */
export const HAN = /\p{Script=Han}/u;

/** The same call over real HTTP to the listening server, with the demo's client. */
export function mchFetch<T = unknown>(
  t: TestApp,
  m: TestMerchant,
  path: string,
  params: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return merchantApiCall<T>(platformOrigin(t.ctx)!, m, path, params, {
    timestamp: String(t.ctx.clock.nowMs()),
    headers,
  });
}
