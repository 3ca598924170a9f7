/**
 * The demo platform routes to the built-in sandbox: after loading it, a demo merchant's deposit gets a
 * pay URL from the sandbox over HTTP and its payout passage exists.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadDemo } from '../src/demo/load.ts';
import { seedSandboxChannels } from '../src/demo/sandbox-channels.ts';
import { passages } from '../src/modules/mch/passage.schema.ts';
import { merchants } from '../src/modules/mch/schema.ts';
import { placeDeposit } from '../src/modules/upstream/placement.ts';
import { routingDecisions } from '../src/modules/upstream/schema.ts';
import type { TestApp } from './harness.ts';
import { listeningApp } from './upstream-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await listeningApp();
  await loadDemo(t.ctx.db, t.ctx.keys.secretKey, t.ctx.clock.now(), { merchants: 3, members: 5 });
});
afterAll(() => t.close());

it("routes every demo merchant's deposit to the sandbox", async () => {
  const ms = await t.ctx.db.select().from(merchants);
  expect(ms.length).toBe(3);
  for (const [i, m] of ms.entries()) {
    const { order } = await placeDeposit(t.ctx, {
      merchantId: m.id,
      mchOrderNo: `DEMO-${i}`,
      payType: 'alipay',
      amount: '200',
    });
    expect(order.status, order.failReason ?? '').toBe('pending_payment');
    const [d] = await t.ctx.db
      .select()
      .from(routingDecisions)
      .where(eq(routingDecisions.orderNo, order.orderNo));
    expect(d!.result).toBe('routed');
  }
  // Passages are named as an operator names them: party, pay type in words, direction (never the key).
  const names = (await t.ctx.db.select({ name: passages.name }).from(passages)).map((p) => p.name);
  expect(names).toContain('沙箱支付A-云闪付转卡-收');
  for (const name of names) expect(name).not.toMatch(/[a-z]_[a-z]/);
  // Seeding again adds nothing.
  expect(await seedSandboxChannels(t.ctx.db, t.ctx.keys.secretKey)).toEqual({ passages: 0, allowed: 0 });
});
