/**
 * The retention job of the raw upstream callbacks: rows older than the setting's days are deleted,
 * newer ones kept; a setting of 0 keeps everything.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callbackRetentionJob, cleanUpstreamCallbacks } from '../src/modules/upstream/callback-retention.ts';
import { upstreamCallbacks } from '../src/modules/upstream/schema.ts';
import { setSetting } from '../src/platform/settings.ts';
import { createTestApp, type TestApp } from './harness.ts';

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function received(daysAgo: number, orderNo: string) {
  await t.ctx.db.insert(upstreamCallbacks).values({
    thirdPartyCode: 'RET',
    orderNo,
    result: 'applied',
    body: '{}',
    at: new Date(t.ctx.clock.nowMs() - daysAgo * DAY),
  });
}

const kept = async () =>
  (await t.ctx.db.select({ orderNo: upstreamCallbacks.orderNo }).from(upstreamCallbacks))
    .map((r) => r.orderNo)
    .sort();

describe('upstream callback retention', () => {
  it('deletes callbacks older than the configured days and keeps the rest', async () => {
    await received(100, 'OLD1');
    await received(31, 'OLD2');
    await received(29, 'NEW1');
    await received(0, 'NEW2');
    // Default 90 days.
    expect(await callbackRetentionJob.handler(t.ctx, {})).toEqual({ deleted: 1 });
    expect(await kept()).toEqual(['NEW1', 'NEW2', 'OLD2']);
    await setSetting(t.ctx, 'upstreamCallbackRetentionDays', 30, null);
    expect(await cleanUpstreamCallbacks(t.ctx)).toBe(1);
    expect(await kept()).toEqual(['NEW1', 'NEW2']);
    // Safe to run twice.
    expect(await cleanUpstreamCallbacks(t.ctx)).toBe(0);
  });

  it('keeps everything when the setting is 0', async () => {
    await received(400, 'ANCIENT');
    await setSetting(t.ctx, 'upstreamCallbackRetentionDays', 0, null);
    expect(await cleanUpstreamCallbacks(t.ctx)).toBe(0);
    expect(await kept()).toContain('ANCIENT');
  });
});
