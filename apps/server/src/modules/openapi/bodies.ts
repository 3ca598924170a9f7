/**
 * The merchant API's request bodies. Every parameter is a JSON string (so that what is signed is
 * exactly what was sent: see signing.ts); an amount follows the rule of its currency in contracts
 * money.ts (CNY: at most 2 decimals; USDT: 8), refused and never rounded. A currency other than CNY
 * makes an OTC (USDT) or ZHOTC order, priced into CNY by the rate table (quote.ts).
 */
import {
  amountIssue,
  CURRENCIES,
  type Currency,
  checkAmount,
  type DatacenterSwitch,
  ORDER_FAMILIES,
  PAY_OTHER_CODES,
} from '@payops/contracts';
import { z } from 'zod';
import { PAY_TYPES } from '../mch/passage.schema.ts';

/** An identifier the merchant chooses (order numbers, nonces). */
export const id = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/);
const optionalText = (max: number) => z.string().max(max).optional();

export const signedFields = {
  mchNo: z.string().min(1).max(32).describe('Merchant number (M + 8 digits)'),
  timestamp: z
    .string()
    .regex(/^\d{13}$/)
    .describe('Unix time in milliseconds, within 5 minutes of the server clock'),
  nonce: id(64).min(8).describe('8-64 characters [A-Za-z0-9_-], never reused by this merchant'),
  sign: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/)
    .describe('HMAC-SHA256 of the canonical string, lowercase hex (see the description)'),
};

const amount = z
  .string()
  .trim()
  .max(64)
  .describe('A decimal string in `currency`: CNY and other fiat at most 2 decimals, USDT 8');
/** What an order may be quoted in: every currency of money.ts but credit points. */
const QUOTABLE = (Object.keys(CURRENCIES) as Currency[]).filter((c) => CURRENCIES[c].kind !== 'points');
const currency = z
  .enum(QUOTABLE as [Currency, ...Currency[]])
  .optional()
  .describe(
    'The currency of `amount` (default CNY). USDT makes an OTC order, another currency a ZHOTC order: priced into CNY at the exchange rate of the moment (deposits SELL, withdrawals BUY), kept on the order',
  );

/** The amount checked against its own currency's rule (the object's refinement: it needs both). */
function amountInCurrency(body: { amount: string; currency?: string }, ctx: z.RefinementCtx) {
  const problem = checkAmount(body.amount, body.currency ?? 'CNY');
  if (problem)
    ctx.addIssue({ code: 'custom', path: ['amount'], message: amountIssue(problem), input: body.amount });
}
export const notifyUrl = z
  .string()
  .max(500)
  .regex(/^https?:\/\/\S+$/)
  .optional()
  .describe("Where the final state is posted (default: the merchant's notify URL)");

export const depositBody = z
  .strictObject({
    ...signedFields,
    mchOrderNo: id(64).describe("The merchant's order number, unique per merchant"),
    amount,
    currency,
    payType: z.enum(PAY_TYPES),
    memberAccount: optionalText(64),
    notifyUrl,
    remark: optionalText(200),
  })
  .superRefine(amountInCurrency);

export const withdrawBody = z
  .strictObject({
    ...signedFields,
    mchOrderNo: id(64).describe("The merchant's order number, unique per merchant"),
    amount,
    currency,
    bankCode: z.string().max(32).optional(),
    bankName: z.string().min(1).max(64),
    accountName: z.string().min(1).max(64),
    accountNo: z.string().regex(/^\d{6,32}$/),
    memberAccount: optionalText(64),
    notifyUrl,
    remark: optionalText(200),
    payoutAt: z
      .string()
      .regex(/^\d{13}$/)
      .optional()
      .describe(
        'A reservation: Unix time in milliseconds before which the approved order is not paid out (a time already past pays at once)',
      ),
  })
  .superRefine(amountInCurrency);

/** The platform switches that stop each order-placing call (merchant-scope.ts refuses while one is off). */
const quoted = (b: { currency?: string }) => (b.currency ?? 'CNY') !== 'CNY';
export const depositSwitches = (b: z.infer<typeof depositBody>): DatacenterSwitch[] =>
  quoted(b) ? ['DEPOSIT', 'OTC'] : ['DEPOSIT'];
export const withdrawSwitches = (b: z.infer<typeof withdrawBody>): DatacenterSwitch[] => [
  'WITHDRAW',
  ...(quoted(b) ? (['OTC'] as const) : []),
  ...(b.payoutAt ? (['RESERVATION_WITHDRAW'] as const) : []),
];

export const queryOrderBody = z.strictObject({
  ...signedFields,
  orderType: z.enum(['deposit', 'withdraw']),
  orderNo: id(64).optional().describe('The platform order number; or give mchOrderNo'),
  mchOrderNo: id(64).optional(),
});

/** A call with nothing to say but who it is (query balance, query pay parameters). */
export const signedOnlyBody = z.strictObject(signedFields);

export const orderAnswer = z.object({
  orderType: z.enum(['deposit', 'withdraw']),
  orderNo: z.string(),
  mchOrderNo: z.string(),
  status: z.string(),
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  // OTC/ZHOTC orders only: what the merchant quoted, and the rate that priced it into CNY.
  family: z.enum(ORDER_FAMILIES),
  quoteCurrency: z.string().nullable(),
  quoteAmount: z.string().nullable(),
  rate: z.string().nullable(),
  payUrl: z.string().nullable(),
  failReason: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const payConfigAnswer = z.object({
  payTypes: z
    .array(
      z.object({
        code: z.enum(PAY_OTHER_CODES).describe('deposit and withdraw: every order of the direction'),
        name: z.string().describe("In the caller's language"),
        minAmount: z.string(),
        maxAmount: z.string().describe('0: no maximum'),
        feeRate: z.string().describe('The fee rate to tell payers, e.g. 0.006'),
        feeHint: z.string(),
        quickAmounts: z.array(z.string()).describe('Amounts to offer as buttons, ascending'),
      }),
    )
    .describe('The pay parameters in force; an order outside the range of one that applies is refused'),
});

export const balanceAnswer = z.object({
  mchNo: z.string(),
  currency: z.string(),
  available: z.string(),
  frozen: z.string(),
});
