/**
 * Deposits through the sandbox upstream on the real server listening on a port: placed (pay URL from
 * the sandbox over HTTP), paid by the sandbox's signed callback, landing in in_audit; a repeated
 * merchant order number answers the same order without a second upstream call.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { depositOrders } from '../src/modules/order/schema.ts';
import { placeDeposit } from '../src/modules/upstream/placement.ts';
import { routingDecisions, sandboxOrders } from '../src/modules/upstream/schema.ts';
import type { TestApp } from './harness.ts';
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
let party: Party;
let merchantId: number;

beforeAll(async () => {
  t = await listeningApp();
  party = await sandboxParty(t, 'SBX_DEP');
  await passage(t, party, { payType: 'alipay' });
  merchantId = (await merchant(t)).id;
  await sandboxCall(t, party, 'control', { delayMs: 100 });
});
afterAll(() => t.close());

const orderOf = async (orderNo: string) =>
  (await t.ctx.db.select().from(depositOrders).where(eq(depositOrders.orderNo, orderNo)))[0]!;

describe('placeDeposit through the sandbox', () => {
  it('answers a pending order with the pay URL, and the sandbox callback moves it to in_audit', async () => {
    const { order, created } = await placeDeposit(t.ctx, {
      merchantId,
      mchOrderNo: 'M-1',
      payType: 'alipay',
      amount: '100.50',
    });
    expect(created).toBe(true);
    expect(order.status).toBe('pending_payment');
    expect(order.payUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/upstream\/cashier\/SBX/);
    expect(order.upstreamOrderNo).toMatch(/^SBX/);
    const cashier = await fetch(order.payUrl!);
    expect(await cashier.text()).toContain(order.orderNo);

    const paid = await waitFor(async () => {
      const o = await orderOf(order.orderNo);
      return o.status === 'in_audit' && o;
    });
    expect(paid.paidAt).not.toBeNull();
    const [decision] = await t.ctx.db
      .select()
      .from(routingDecisions)
      .where(eq(routingDecisions.orderNo, order.orderNo));
    expect(decision).toMatchObject({ result: 'routed', considered: 1 });
    expect(decision!.candidates[0]).toMatchObject({ verdict: 'chosen' });
  });

  it('answers a repeated merchant order number with the same order, without a second upstream call', async () => {
    const first = await placeDeposit(t.ctx, {
      merchantId,
      mchOrderNo: 'M-2',
      payType: 'alipay',
      amount: '20',
    });
    const again = await placeDeposit(t.ctx, {
      merchantId,
      mchOrderNo: 'M-2',
      payType: 'alipay',
      amount: '20',
    });
    expect(again.created).toBe(false);
    expect(again.order.orderNo).toBe(first.order.orderNo);
    const upstream = await t.ctx.db
      .select()
      .from(sandboxOrders)
      .where(eq(sandboxOrders.orderNo, first.order.orderNo));
    expect(upstream).toHaveLength(1);
  });
});
