/**
 * The sandbox merchant: the one merchant the simulator trades and places test orders as. It is made
 * through the merchant service like any (its own ledger accounts, owner_type merchant and its
 * members'), marked in sandbox_merchants, and allowed only on the sandbox provider's passages, so its
 * orders never reach a real provider and its money never mixes with a real merchant's. Every mock
 * call checks that what it names belongs to it: a real merchant's record is a 404, never touched.
 */
import type { Locale } from '@payops/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { Executor } from '../../platform/ledger/index.ts';
import { createMerchant, type Merchant } from '../mch/merchant.service.ts';
import { merchantPassages, passages, thirdParties } from '../mch/passage.schema.ts';
import { merchants } from '../mch/schema.ts';
import { sandboxMerchants } from './sandbox.schema.ts';

export const SANDBOX_MERCHANT_NAME = 'Sandbox Merchant (模拟商户)';

const text = {
  foreign: {
    'zh-CN': '不属于模拟商户：模拟操作不能触及真实商户的记录',
    'en-US': "is not the sandbox merchant's: mock calls never touch a real merchant's records",
  },
} as const;

/** The sandbox merchant, or undefined before the simulator first ran. */
export async function findSandboxMerchant(db: Executor): Promise<Merchant | undefined> {
  const [row] = await db
    .select({ m: merchants })
    .from(sandboxMerchants)
    .innerJoin(merchants, eq(merchants.id, sandboxMerchants.merchantId))
    .limit(1);
  return row?.m;
}

/**
 * The sandbox merchant, made on first use (an advisory lock: two first calls make one). Allowed on
 * every passage of the sandbox provider and on nothing else.
 */
export async function ensureSandboxMerchant(ctx: AppContext): Promise<Merchant> {
  const found = await findSandboxMerchant(ctx.db);
  if (found) return found;
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('sandbox-merchant'))`);
    const again = await findSandboxMerchant(tx);
    if (again) return again;
    const { merchant } = await createMerchant(
      ctx,
      tx,
      {
        name: SANDBOX_MERCHANT_NAME,
        remark: 'sandbox',
        singleMin: '1',
        singleMax: '50000',
        // The simulator calls the merchant API from this very server.
        ipWhitelist: '127.0.0.1,::1',
      },
      null,
    );
    await tx.insert(sandboxMerchants).values({ merchantId: merchant.id, createdAt: ctx.clock.now() });
    await allowSandboxPassages(tx, merchant.id);
    return merchant;
  });
}

/** The sandbox merchant may route to the sandbox provider's passages (and, having a list, only to them). */
export async function allowSandboxPassages(tx: Executor, merchantId: number): Promise<number> {
  const res = await tx.execute(sql`
    INSERT INTO ${merchantPassages} (merchant_id, passage_id, direction, pay_type, weight)
    SELECT ${merchantId}, p.id, p.direction, p.pay_type, p.weight
    FROM ${passages} p
    JOIN ${thirdParties} tp ON tp.id = p.third_party_id AND tp.interface_type = 'sandbox'
    ON CONFLICT DO NOTHING`);
  return res.rowCount ?? 0;
}

export async function isSandboxMerchant(db: Executor, merchantId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sandboxMerchants.merchantId })
    .from(sandboxMerchants)
    .where(eq(sandboxMerchants.merchantId, merchantId));
  return Boolean(row);
}

/** Refuses (a 400 naming `field`) a record whose merchant is not the sandbox merchant. */
export async function requireSandbox(
  db: Executor,
  merchantId: number | null | undefined,
  field: string,
  locale: Locale,
): Promise<void> {
  if (merchantId == null || !(await isSandboxMerchant(db, merchantId)))
    throw fieldError(field, text.foreign[locale]);
}

/** SQL: true when the row's merchant column is the sandbox merchant (list scopes). */
export const sandboxScope = (merchantColumn: unknown) =>
  sql`${merchantColumn} IN (SELECT merchant_id FROM sandbox_merchants)`;

export async function sandboxMerchantIds(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: sandboxMerchants.merchantId }).from(sandboxMerchants);
  return rows.map((r) => r.id);
}
