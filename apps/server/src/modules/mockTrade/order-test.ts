/**
 * mockOrderTest: an operator places a test deposit or withdrawal through the real merchant API, over
 * HTTP, as the sandbox merchant. The server signs with the sandbox merchant's secret (opened here,
 * never sent to the browser), so the order takes exactly a real merchant's path: verification, the
 * placement log, routing to the sandbox provider, its callback, the merchant callback. The answer is
 * kept on a mock_order_tests row; the list follows the order's state from the order tables.
 */
import { randomBytes } from 'node:crypto';
import { amountIssue, checkAmount, type Locale } from '@payops/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { sandboxParties, tellSandbox } from '../../demo/orders.ts';
import { merchantApiCall } from '../../demo/orders-client.ts';
import type { AppContext } from '../../platform/context.ts';
import { open } from '../../platform/secret-box.ts';
import { PAY_TYPES, thirdParties } from '../mch/passage.schema.ts';
import { SANDBOX_NOTIFY_PATH } from '../notify/sandbox.ts';
import { orderPlaceLog } from '../openapi/schema.ts';
import { depositOrders } from '../order/schema.ts';
import { platformOrigin } from '../upstream/origin.ts';
import type { mockOrderTests } from './sandbox.schema.ts';
import { allowSandboxPassages, ensureSandboxMerchant } from './sandbox-merchant.ts';

const amount = z
  .string()
  .trim()
  .max(32)
  .superRefine((v, ctx) => {
    const problem = checkAmount(v, 'CNY');
    if (problem) ctx.addIssue({ code: 'custom', message: amountIssue(problem) });
  });

export const placeTestBody = z.discriminatedUnion('direction', [
  z.strictObject({
    direction: z.literal('deposit'),
    amount,
    payType: z.enum(PAY_TYPES),
    // What the member does at the sandbox provider's cashier: pays, fails, or never pays (hold).
    outcome: z.enum(['success', 'fail', 'hold']).default('success'),
  }),
  z.strictObject({
    direction: z.literal('withdraw'),
    amount,
    bankName: z.string().trim().min(1).max(64),
    accountName: z.string().trim().min(1).max(64),
    accountNo: z.string().regex(/^\d{6,32}$/),
  }),
]);
export type PlaceTestBody = z.infer<typeof placeTestBody>;

export type MockOrderTest = typeof mockOrderTests.$inferSelect;

/** The live state of a test: its order's status and its merchant callback's, read at list time. */
export const orderTestComputed = {
  orderStatus: sql<string | null>`(CASE mock_order_tests.direction
    WHEN 'deposit' THEN (SELECT d.status FROM deposit_orders d WHERE d.order_no = mock_order_tests.order_no)
    ELSE (SELECT w.status FROM withdraw_orders w WHERE w.order_no = mock_order_tests.order_no) END)`,
  callbackStatus: sql<string | null>`(SELECT n.status FROM merchant_notifications n
    WHERE n.order_no = mock_order_tests.order_no ORDER BY n.id DESC LIMIT 1)`,
};

/**
 * Tells the sandbox provider holding the deposit what the member did at its cashier, as the demo's
 * members do (demo/orders.ts): it then calls the platform back like any provider. A provider that
 * already decided on its own (not holding) refuses: nothing to tell, the order goes its way.
 */
async function tellMember(ctx: AppContext, origin: string, orderNo: string, outcome: 'success' | 'fail') {
  const [row] = await ctx.db
    .select({ code: thirdParties.code })
    .from(depositOrders)
    .innerJoin(thirdParties, eq(thirdParties.id, depositOrders.thirdPartyId))
    .where(eq(depositOrders.orderNo, orderNo));
  const party = (await sandboxParties(ctx)).find((p) => p.code === row?.code);
  if (party) await tellSandbox(origin, party, 'notify', { orderNo, outcome }).catch(() => false);
}

/**
 * A refusal's words in each language, as the merchant API's placement log keeps them (written before
 * the answer is sent): the test's row then reads in its reader's language, not only its runner's.
 * What the log does not hold is kept as answered.
 */
async function refusalInEachLanguage(
  ctx: AppContext,
  merchantId: number,
  mchOrderNo: string,
  told: string,
): Promise<string> {
  const [logged] = await ctx.db
    .select({ reason: orderPlaceLog.reason })
    .from(orderPlaceLog)
    .where(and(eq(orderPlaceLog.mchOrderNo, mchOrderNo), eq(orderPlaceLog.merchantId, merchantId)))
    .orderBy(desc(orderPlaceLog.id))
    .limit(1);
  return logged?.reason || told.slice(0, 500);
}

/**
 * Places the test over HTTP; the row records what the merchant API answered, accepted or not. Asked in
 * the operator's language: its message is what the operator reads (the toast, the test's row).
 */
export async function placeTestOrder(
  ctx: AppContext,
  body: PlaceTestBody,
  operatorId: number | null,
  locale: Locale,
  origin = platformOrigin(ctx),
): Promise<{ values: typeof mockOrderTests.$inferInsert; answer: unknown } | 'noOrigin'> {
  if (!origin) return 'noOrigin';
  const m = await ensureSandboxMerchant(ctx);
  // Sandbox passages added since the merchant was made are allowed too (never a real provider's).
  await allowSandboxPassages(ctx.db, m.id);
  const mchOrderNo = `MT${Date.now().toString(36).toUpperCase()}${randomBytes(3).toString('hex').toUpperCase()}`;
  const { direction } = body;
  // The merchant API's own fields (the outcome is the sandbox cashier's, told after).
  const rest: Record<string, string> =
    body.direction === 'deposit'
      ? { amount: body.amount, payType: body.payType }
      : {
          amount: body.amount,
          bankName: body.bankName,
          accountName: body.accountName,
          accountNo: body.accountNo,
        };
  // The outcome is told to the sandbox merchant's receiver on this server, as the demo merchants' are.
  const params: Record<string, string> = {
    mchOrderNo,
    ...rest,
    currency: 'CNY',
    remark: 'mockOrderTest',
    notifyUrl: `${origin}${SANDBOX_NOTIFY_PATH}`,
  };
  const path = direction === 'deposit' ? 'deposit/create' : 'withdraw/create';
  const res = await merchantApiCall<{ orderNo?: string }>(
    origin,
    { mchNo: m.mchNo, secret: open(ctx.keys.secretKey, m.secretEnc) },
    path,
    params,
    { headers: { 'accept-language': locale } },
  );
  const env = res.envelope;
  const orderNo = env.code === 0 ? (env.data?.orderNo ?? null) : null;
  if (orderNo && body.direction === 'deposit' && body.outcome !== 'hold')
    await tellMember(ctx, origin, orderNo, body.outcome);
  return {
    values: {
      direction,
      mchOrderNo,
      orderNo,
      amount: body.amount,
      payType: body.direction === 'deposit' ? body.payType : '',
      httpStatus: res.status,
      answerCode: env.code,
      // The message as answered: a refusal's names its fields and why (answer.ts).
      answerMessage: env.code === 0 ? env.msg : await refusalInEachLanguage(ctx, m.id, mchOrderNo, env.msg),
      createdBy: operatorId,
      createdAt: ctx.clock.now(),
    },
    answer: env,
  };
}
