/**
 * The merchant API in the OpenAPI document: the worked signing example is recomputed here with the
 * code that verifies real requests, so the document cannot go stale; plus the rate limit per merchant
 * and the nonce clean-up job.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositBody } from '../src/modules/openapi/bodies.ts';
import { SIGNING_EXAMPLE } from '../src/modules/openapi/doc-example.ts';
import { openapiNonceCleanUpJob } from '../src/modules/openapi/nonce-clean-up.ts';
import { canonicalString, signParams } from '../src/platform/signing.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { lastLog, makeMerchant, mchCall } from './openapi-client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ merchantApiRatePerMinute: 3 });
});
afterAll(() => t.close());

describe('the worked signing example', () => {
  it('is what the signing code computes', () => {
    expect(canonicalString(SIGNING_EXAMPLE.params)).toBe(SIGNING_EXAMPLE.canonical);
    expect(signParams(SIGNING_EXAMPLE.secret, SIGNING_EXAMPLE.params)).toBe(SIGNING_EXAMPLE.sign);
    expect(depositBody.safeParse({ ...SIGNING_EXAMPLE.params, sign: SIGNING_EXAMPLE.sign }).success).toBe(
      true,
    );
  });

  it('appears on every merchant API operation of the served document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const doc = res.json() as { paths: Record<string, { post?: { description?: string; tags?: string[] } }> };
    for (const path of ['deposit/create', 'withdraw/create', 'order/query', 'balance/query']) {
      const op = doc.paths[`/openapi/v1/${path}`]?.post;
      expect(op?.tags).toEqual(['merchant API']);
      expect(op?.description).toContain(SIGNING_EXAMPLE.canonical);
      expect(op?.description).toContain(SIGNING_EXAMPLE.sign);
      expect(op?.description).toContain(SIGNING_EXAMPLE.secret);
    }
  });
});

describe('rate limit per merchant', () => {
  it('answers 429 past the rate, logs it, and leaves other merchants alone', async () => {
    const busy = await makeMerchant(t);
    const calm = await makeMerchant(t);
    // The limit counts per clock minute (rate.ts): start the calls well inside one.
    t.ctx.clock.advance(60_000 - (t.ctx.clock.nowMs() % 60_000) + 1_000);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await mchCall(t, busy, 'balance/query', {})).envelope.code);
    expect(codes).toEqual([0, 0, 0, 429]);
    const limited = await mchCall(t, busy, 'balance/query', {}, { headers: { 'accept-language': 'en-US' } });
    expect(limited.statusCode).toBe(429);
    expect(limited.envelope.msg).toBe('Too many requests for this merchant, try again shortly');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await lastLog(t)).toMatchObject({ mch_no: busy.mchNo, code: 429, code_name: 'rateLimited' });
    expect((await mchCall(t, calm, 'balance/query', {})).envelope.code).toBe(0);
  });
});

describe('nonce clean-up', () => {
  it('deletes only nonces past twice the timestamp window', async () => {
    const m = await makeMerchant(t);
    await mchCall(t, m, 'balance/query', {}, { nonce: 'old-nonce-00001' });
    t.ctx.clock.advance(9 * 60_000);
    await mchCall(t, m, 'balance/query', {}, { nonce: 'new-nonce-00001' });
    t.ctx.clock.advance(2 * 60_000);
    await openapiNonceCleanUpJob.handler(t.ctx, {});
    const { rows } = await t.ctx.pool.query<{ nonce: string }>(
      'SELECT nonce FROM openapi_nonces WHERE merchant_id = $1',
      [m.id],
    );
    expect(rows.map((r) => r.nonce)).toEqual(['new-nonce-00001']);
  });
});
