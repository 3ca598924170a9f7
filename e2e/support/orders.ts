/**
 * Orders for the browser tests, made through the server's own code in this process: an app built on
 * the suite's database (no listener, no jobs) creates them with insertDepositOrder /
 * insertWithdrawOrder and runs the system transitions the upstream adapter and the merchant API run.
 * The merchant API of issue 10 is another engineer's; this keeps the order pages' tests independent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { orderDepositList, orderTransferList } from '@payops/contracts';
import { inject } from 'vitest';
import { type BuiltApp, buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { insertDepositOrder, insertWithdrawOrder } from '../../apps/server/src/modules/order/create.ts';
import { loadKeys } from '../../apps/server/src/platform/keys.ts';
import { runSystemTransition } from '../../apps/server/src/platform/transitions/index.ts';

export interface OrderDriver {
  /** A deposit taken to `in_audit` (submitted, paid, sent to the receipt audit). */
  depositInAudit(merchantId: number, amount: string): Promise<{ id: number; orderNo: string }>;
  /** A withdrawal created (amount + fee frozen) and sent to review. */
  withdrawal(merchantId: number, amount: string): Promise<{ id: number; orderNo: string }>;
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
  return {
    async depositInAudit(merchantId, amount) {
      const { order } = await ctx.db.transaction((tx) =>
        insertDepositOrder(tx, {
          merchantId,
          mchOrderNo: mchOrderNo(),
          payType: 'bank_card',
          amount,
          memberAccount: 'e2e_member',
          now: ctx.clock.now(),
        }),
      );
      await runSystemTransition(ctx, orderDepositList, 'submit', order.id, {
        values: { upstreamOrderNo: `UP${order.orderNo}` },
      });
      await runSystemTransition(ctx, orderDepositList, 'pay', order.id);
      await runSystemTransition(ctx, orderDepositList, 'audit', order.id);
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
    async close() {
      await built.app.close();
      await database.close();
    },
  };
}
