/**
 * The merchant API's `currency`: an order quoted in another currency than CNY is priced here, before
 * the normal creation (deposit.ts, orders.ts) runs on its CNY amount, so an OTC/ZHOTC order goes
 * through exactly the normal limits, fee, routing, review and ledger. A currency the rate table has no
 * price for is refused naming `currency` (nothing written).
 */
import type { FieldError, Locale } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Wording } from '../../platform/errors.ts';
import { dec, ZERO } from '../../platform/ledger/money.ts';
import { BOOK_CURRENCY, type OrderQuote, priceQuote } from '../order/quote.ts';

const text = {
  noRate: {
    'zh-CN': (c: string) => `暂不支持${c}下单（汇率表中没有${c}/CNY的价格）`,
    'en-US': (c: string) => `${c} cannot be ordered now (the rate table has no ${c}/CNY price)`,
  },
  zero: {
    'zh-CN': '按当前汇率折合人民币不足0.01元',
    'en-US': 'is worth less than 0.01 CNY at the current rate',
  },
} as const;

/** The input as the normal creation takes it: the CNY amount, and the quote when there is one. */
export async function priceInput<T extends { amount: string; currency?: string }>(
  ctx: AppContext,
  direction: 'deposit' | 'withdraw',
  body: T,
  merchantId?: number,
): Promise<{ input: Omit<T, 'currency'> & { quote?: OrderQuote } } | { fields: Wording<FieldError[]> }> {
  const { currency = BOOK_CURRENCY, ...input } = body;
  if (currency === BOOK_CURRENCY) return { input };
  const priced = await priceQuote(ctx.db, direction, currency, input.amount, merchantId);
  if (!priced) return { fields: (l: Locale) => [{ field: 'currency', message: text.noRate[l](currency) }] };
  if (dec(priced.amount).eq(ZERO))
    return { fields: (l: Locale) => [{ field: 'amount', message: text.zero[l] }] };
  return { input: { ...input, amount: priced.amount, quote: priced.quote } };
}
