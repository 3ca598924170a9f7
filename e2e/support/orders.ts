/**
 * Orders for the browser tests. A deposit takes the path a real one takes: the merchant's signed call
 * to the suite's server (merchant API over HTTP), routed to the built-in sandbox provider, which is
 * told the member paid and calls the server back, signed, so the order lands in the receipt audit.
 * Withdrawals are made in this process (an app on the suite's database, no listener, no jobs) with
 * insertWithdrawOrder and the `review` the merchant API runs, so a test controls their amounts; or
 * through the merchant API, when the test follows one to its payout. Jobs are not run here: `runJob`
 * queues one on the server's pg-boss, what its schedule does at its time, and the server runs it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { orderTransferList } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { inject } from 'vitest';
import { type BuiltApp, buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { tellSandbox } from '../../apps/server/src/demo/orders.ts';
import { merchantApiCall } from '../../apps/server/src/demo/orders-client.ts';
import { thirdParties } from '../../apps/server/src/modules/mch/passage.schema.ts';
import { merchants } from '../../apps/server/src/modules/mch/schema.ts';
import { insertWithdrawOrder } from '../../apps/server/src/modules/order/create.ts';
import { depositOrders, withdrawOrders } from '../../apps/server/src/modules/order/schema.ts';
import { loadKeys } from '../../apps/server/src/platform/keys.ts';
import { open } from '../../apps/server/src/platform/secret-box.ts';
import { runSystemTransition } from '../../apps/server/src/platform/transitions/index.ts';

export interface OrderDriver {
  /**
   * A deposit taken to `in_audit` (submitted, paid, sent to the receipt audit); `extra` adds to the
   * merchant's call (e.g. `currency: 'USDT'`: an OTC order, `amount` then in USDT).
   */
  depositInAudit(
    merchantId: number,
    amount: string,
    extra?: Record<string, string>,
  ): Promise<{ id: number; orderNo: string }>;
  /** A withdrawal created (amount + fee frozen) and sent to review. */
  withdrawal(merchantId: number, amount: string): Promise<{ id: number; orderNo: string }>;
  /** A withdrawal placed by the merchant's signed call to the merchant API (frozen, in review). */
  withdrawalByApi(merchantId: number, amount: string): Promise<{ id: number; orderNo: string; fee: string }>;
  /** Every sandbox provider holds this order's payout, once created, until told (failPayout). */
  holdPayout(orderNo: string): Promise<void>;
  /** The provider that took the payout declines it and calls the console back, signed. */
  failPayout(orderNo: string): Promise<void>;
  /** A signed merchant API call of the merchant (`path` under /openapi/v1), answered as the merchant sees it. */
  merchantCall<T = unknown>(
    merchantId: number,
    path: string,
    params: Record<string, string>,
  ): Promise<{ status: number; envelope: { code: number; msg: string; data: T } }>;
  /** Queues a job on the server now (the server's worker runs it within its poll interval). */
  runJob(name: string): Promise<void>;
  close(): Promise<void>;
}

let seq = 0;

export async function orderDriver(): Promise<OrderDriver> {
  const dataDir = inject('dataDir');
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${inject('pgPort')}/payops`;
  const database = openDatabase(url, 2);
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }, { databaseUrl: url });
  const built: BuiltApp = await buildApp({ config, database, keys: loadKeys(dataDir) });
  await built.app.ready();
  const { ctx } = built;
  const mchOrderNo = () => `E2E${Date.now()}${++seq}`;
  const origin = inject('baseUrl');
  const asSandboxAccount = (party: typeof thirdParties.$inferSelect) => ({
    code: party.code,
    name: party.name,
    mchNo: party.upstreamMchNo,
    secret: open(ctx.keys.secretKey, party.secretEnc),
  });
  const credentials = async (merchantId: number) => {
    const [m] = await ctx.db.select().from(merchants).where(eq(merchants.id, merchantId));
    return { mchNo: m!.mchNo, secret: open(ctx.keys.secretKey, m!.secretEnc) };
  };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => ctx.pool.query(text, values) },
    schema: 'pgboss',
  });
  return {
    async depositInAudit(merchantId, amount, extra = {}) {
      const creds = await credentials(merchantId);
      const { envelope } = await merchantApiCall<{ orderNo: string }>(origin, creds, 'deposit/create', {
        mchOrderNo: mchOrderNo(),
        amount,
        payType: 'bank_card',
        memberAccount: 'e2e_member',
        ...extra,
      });
      if (envelope.code !== 0) throw new Error(`deposit/create: ${JSON.stringify(envelope)}`);
      const orderOf = async () =>
        (
          await ctx.db.select().from(depositOrders).where(eq(depositOrders.orderNo, envelope.data.orderNo))
        )[0]!;
      // The member pays at the provider the routing chose; the provider calls the console back.
      const [party] = await ctx.db
        .select()
        .from(thirdParties)
        .where(eq(thirdParties.id, (await orderOf()).thirdPartyId!));
      await tellSandbox(origin, asSandboxAccount(party!), 'notify', {
        orderNo: envelope.data.orderNo,
        outcome: 'success',
      });
      for (let i = 0; i < 100 && (await orderOf()).status !== 'in_audit'; i++)
        await new Promise((r) => setTimeout(r, 200));
      const order = await orderOf();
      if (order.status !== 'in_audit')
        throw new Error(`deposit ${order.orderNo} is ${order.status}, not in audit`);
      return { id: order.id, orderNo: order.orderNo };
    },
    async withdrawal(merchantId, amount) {
      const order = await ctx.db.transaction(async (tx) => {
        const { order } = await insertWithdrawOrder(tx, {
          merchantId,
          mchOrderNo: mchOrderNo(),
          amount,
          bankCode: 'ICBC',
          bankName: '工商银行',
          accountName: '王小明',
          accountNo: '6222020200008888123',
          memberAccount: 'e2e_member',
          now: ctx.clock.now(),
        });
        await runSystemTransition(ctx, orderTransferList, 'review', order.id, { tx });
        return order;
      });
      return { id: order.id, orderNo: order.orderNo };
    },
    async merchantCall(merchantId, path, params) {
      return merchantApiCall(origin, await credentials(merchantId), path, params);
    },
    async withdrawalByApi(merchantId, amount) {
      const { envelope } = await merchantApiCall<{ orderNo: string }>(
        origin,
        await credentials(merchantId),
        'withdraw/create',
        {
          mchOrderNo: mchOrderNo(),
          amount,
          bankName: '工商银行',
          accountName: '王小明',
          accountNo: '6222020200008888123',
          memberAccount: 'e2e_member',
        },
      );
      if (envelope.code !== 0) throw new Error(`withdraw/create: ${JSON.stringify(envelope)}`);
      const [order] = await ctx.db
        .select()
        .from(withdrawOrders)
        .where(eq(withdrawOrders.orderNo, envelope.data.orderNo));
      return { id: order!.id, orderNo: order!.orderNo, fee: order!.fee };
    },
    async holdPayout(orderNo) {
      const parties = await ctx.db
        .select()
        .from(thirdParties)
        .where(eq(thirdParties.interfaceType, 'sandbox'));
      for (const party of parties)
        await tellSandbox(origin, asSandboxAccount(party), 'control', {
          orderNo,
          outcome: 'hold',
          delayMs: 0,
        });
    },
    async failPayout(orderNo) {
      const [party] = await ctx.db
        .select({ party: thirdParties })
        .from(withdrawOrders)
        .innerJoin(thirdParties, eq(thirdParties.id, withdrawOrders.thirdPartyId))
        .where(and(eq(withdrawOrders.orderNo, orderNo), eq(withdrawOrders.status, 'paying')));
      if (!party) throw new Error(`withdrawal ${orderNo} is not with a provider`);
      await tellSandbox(origin, asSandboxAccount(party.party), 'notify', { orderNo, outcome: 'fail' });
    },
    async runJob(name) {
      // A queue allows one waiting job: when one waits already, it is the run this asks for.
      await boss.send(name, {});
    },
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}
