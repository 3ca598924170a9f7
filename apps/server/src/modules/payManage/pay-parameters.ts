/**
 * The pay parameters in force (payManage/pay_otherconfig_all, the enabled rows) with the quick amounts
 * of each pay type (payManage/config): the platform-wide amount range of deposits, withdrawals and the
 * WeChat, Alipay and USDT pay types, and what a merchant's cashier offers its payers (the quick
 * amounts, the fee rate and hint). The merchant API refuses an order outside the range of any pay
 * parameter that applies to it, and answers the whole set to merchants (`payConfig/query`).
 *
 * USDT withdrawals are asked in USDT, not CNY: only the merchant's limits bound them.
 * Read through the instance's short memory (every order asks); the page's writes forget it.
 */
import { type FieldError, type Locale, PAY_OTHER_LABELS, type PayOtherCode } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Wording } from '../../platform/errors.ts';
import { forget, remembered } from '../../platform/instance-cache.ts';
import { dec, decString, ZERO } from '../../platform/ledger/money.ts';
import { fastAmounts, payOtherConfigs } from './schema.ts';

export interface PayParameter {
  code: PayOtherCode;
  minAmount: string;
  /** '0': no maximum (the page allows it with a minimum of 0 only: a row that bounds nothing). */
  maxAmount: string;
  feeRate: string;
  feeHint: string;
  /** Ascending; empty when the pay type has no enabled quick amounts. */
  quickAmounts: string[];
}

const KEY = 'payParameters';

const text = {
  range: {
    'zh-CN': (name: string, min: string, max: string) =>
      `超出支付参数「${name}」的金额范围（${min} ~ ${max}）`,
    'en-US': (name: string, min: string, max: string) =>
      `is outside the ${name} pay parameters' range (${min} to ${max})`,
  },
  below: {
    'zh-CN': (name: string, min: string) => `低于支付参数「${name}」的最低金额 ${min}`,
    'en-US': (name: string, min: string) => `is below the ${name} pay parameters' minimum ${min}`,
  },
} as const;

/** The enabled pay parameters in catalogue order, each with its enabled quick amounts. */
export function payParameters(ctx: AppContext): Promise<PayParameter[]> {
  return remembered(ctx, KEY, async () => {
    const [rows, quick] = await Promise.all([
      ctx.db.select().from(payOtherConfigs),
      ctx.db.select().from(fastAmounts),
    ]);
    const amountsOf = new Map(quick.filter((q) => q.enabled).map((q) => [q.code, q.amounts.split(',')]));
    const order = Object.keys(PAY_OTHER_LABELS);
    return rows
      .filter((r) => r.enabled)
      .sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code))
      .map((r) => ({
        code: r.code,
        minAmount: decString(dec(r.minAmount)),
        maxAmount: decString(dec(r.maxAmount)),
        feeRate: decString(dec(r.feeRate)),
        feeHint: r.feeHint ?? '',
        quickAmounts: amountsOf.get(r.code) ?? [],
      }));
  });
}

/** Called by the pay parameter and quick amount pages' writes on this instance. */
export function forgetPayParameters(ctx: AppContext): void {
  forget(ctx, KEY);
}

/** The pay parameters an order obeys: its direction's, and its pay type's when it has its own. */
export function payParameterCodes(direction: 'deposit' | 'withdraw', payType?: string): PayOtherCode[] {
  const own = payType && payType !== direction && payType in PAY_OTHER_LABELS;
  return own ? [direction, payType as PayOtherCode] : [direction];
}

/** The refusal (on `amount`) of the first pay parameter among `codes` whose range `amount` leaves. */
export async function payParameterProblem(
  ctx: AppContext,
  codes: readonly PayOtherCode[],
  amount: string,
): Promise<Wording<FieldError> | null> {
  const a = dec(amount);
  for (const p of await payParameters(ctx)) {
    if (!codes.includes(p.code)) continue;
    const max = dec(p.maxAmount);
    if (a.gte(dec(p.minAmount)) && (max.eq(ZERO) || a.lte(max))) continue;
    return (locale: Locale) => {
      const name = PAY_OTHER_LABELS[p.code][locale === 'en-US' ? 1 : 0];
      const message = max.eq(ZERO)
        ? text.below[locale](name, p.minAmount)
        : text.range[locale](name, p.minAmount, p.maxAmount);
      return { field: 'amount', message };
    };
  }
  return null;
}
