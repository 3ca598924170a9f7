/**
 * The merchant API's per-merchant rate limit holds across instances: two app instances (buildApp
 * twice, as behind a load balancer) on one database share one counter per merchant and minute, so a
 * merchant cannot multiply its rate by the number of instances. The limit answers 429 with
 * Retry-After, the placement log records it, and the next minute opens a new window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOldRateWindows } from '../src/modules/openapi/rate.ts';
import { createTestApp, secondInstance, type TestApp } from './harness.ts';
import { lastLog, makeMerchant, mchCall, type TestMerchant } from './openapi-client.ts';

const LIMIT = 4;
let a: TestApp;
let b: TestApp;
let m: TestMerchant;

beforeAll(async () => {
  a = await createTestApp({ logLevel: 'error', merchantApiRatePerMinute: LIMIT });
  b = await secondInstance(a, { merchantApiRatePerMinute: LIMIT });
  m = await makeMerchant(a);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** Moves both instances' clocks (which read the same system time) to 5 s into the next minute. */
function nextMinute(): number {
  const now = a.ctx.clock.nowMs();
  const shift = 60_000 - (now % 60_000) + 5_000;
  for (const t of [a, b]) t.ctx.clock.advance(shift);
  return now + shift - 5_000;
}

const balanceOn = (t: TestApp, merchant = m) => mchCall(t, merchant, 'balance/query', {});

describe('per-merchant rate across instances', () => {
  it('counts the calls made on either instance against one limit per minute', async () => {
    // Not at a minute's edge: the calls below must fall in one window.
    nextMinute();
    const codes: number[] = [];
    for (const t of [a, b, a, b]) codes.push((await balanceOn(t)).envelope.code);
    expect(codes).toEqual([0, 0, 0, 0]);
    // The fifth call of the minute, on either instance, is over the limit.
    const over = await balanceOn(b);
    expect(over.statusCode).toBe(429);
    expect(over.envelope.code).toBe(429);
    // The window ends 55 s after the first call (less the seconds this test took).
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(45);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(55);
    expect(await lastLog(a)).toMatchObject({ accepted: false, code: 429, code_name: 'rateLimited' });
    expect((await balanceOn(a)).envelope.code).toBe(429);
  });

  it('keeps merchants apart, and opens a new window the next minute', async () => {
    const other = await makeMerchant(a);
    expect((await balanceOn(b, other)).envelope.code).toBe(0);
    nextMinute();
    expect((await balanceOn(b)).envelope.code).toBe(0);
    // Counters of minutes gone by are cleaned up with the old nonces.
    for (const t of [a, b]) t.ctx.clock.advance(120_000);
    expect(await deleteOldRateWindows(a.ctx)).toBeGreaterThanOrEqual(2);
  });

  it('does not count a replayed nonce (it never passed verification)', async () => {
    const windowStart = nextMinute();
    expect((await mchCall(a, m, 'balance/query', {}, { nonce: 'rate-replay-1' })).envelope.code).toBe(0);
    for (let i = 0; i < LIMIT; i++)
      expect((await mchCall(b, m, 'balance/query', {}, { nonce: 'rate-replay-1' })).envelope.code).toBe(2003);
    const { rows } = await a.ctx.pool.query(
      'SELECT calls FROM merchant_api_rate WHERE merchant_id = $1 AND window_start = $2',
      [m.id, new Date(windowStart)],
    );
    expect(rows[0].calls).toBe(1);
  });
});
