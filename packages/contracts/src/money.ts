/**
 * The amount rule, one per currency, shared by the server's edge (amount-schema.ts), the ledger (which
 * refuses a leg that breaks it) and the web's form rules: how many decimals a currency has and how large
 * an amount may be. Zod-free so the web's form rules can import it without zod.
 *
 * Too many decimals are refused, never rounded: an operator who typed 10.005 CNY meant something the
 * platform cannot pay, and a silent 10.00 or 10.01 would move an amount nobody asked for.
 */
import type { Locale } from './api.ts';
import { MONEY_INTEGER_DIGITS } from './decimal.ts';

export { MONEY_INTEGER_DIGITS, MONEY_MAX_SCALE } from './decimal.ts';

export interface CurrencyRule {
  /** Decimals an amount may carry (the smallest unit: 0.01 CNY, 0.00000001 USDT). */
  scale: number;
  kind: 'fiat' | 'crypto' | 'points';
}

/** Every currency the ledger holds, with its scale. A currency not listed here cannot be posted. */
export const CURRENCIES = {
  CNY: { scale: 2, kind: 'fiat' },
  HKD: { scale: 2, kind: 'fiat' },
  USD: { scale: 2, kind: 'fiat' },
  EUR: { scale: 2, kind: 'fiat' },
  USDT: { scale: 8, kind: 'crypto' },
  BTC: { scale: 8, kind: 'crypto' },
  ETH: { scale: 8, kind: 'crypto' },
  /** Members' credit points: whole points only. */
  PTS: { scale: 0, kind: 'points' },
} as const satisfies Record<string, CurrencyRule>;

export type Currency = keyof typeof CURRENCIES;

export function currencyRule(currency: string): CurrencyRule | undefined {
  return Object.hasOwn(CURRENCIES, currency) ? CURRENCIES[currency as Currency] : undefined;
}

/** Which sign an amount may have: an adjustment's amount is positive; a points change any but zero. */
export type AmountSign = 'positive' | 'nonNegative' | 'nonZero' | 'any';

/** Why an amount is refused, with the number its message names (decimals or digits). */
export type AmountProblem =
  | { reason: 'format' }
  | { reason: 'scale'; scale: number }
  | { reason: 'range'; digits: number }
  | { reason: 'sign'; sign: AmountSign }
  | { reason: 'currency' };

const SHAPE = /^(-?)(\d+)(?:\.(\d+))?$/;
const MAX_TEXT = 64;

/**
 * Checks a decimal string against a currency's rule: its shape, its decimals (at most the currency's
 * scale), its size (at most MONEY_INTEGER_DIGITS integer digits, what the numeric columns hold) and its
 * sign. Null when it passes.
 */
export function checkAmount(
  text: string,
  currency: string,
  sign: AmountSign = 'positive',
): AmountProblem | null {
  const rule = currencyRule(currency);
  if (!rule) return { reason: 'currency' };
  // Longer than any amount a column holds, padding included: not worth reading.
  const match = text.length <= MAX_TEXT ? SHAPE.exec(text.trim()) : null;
  if (!match) return { reason: 'format' };
  const [, minus, whole = '', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > rule.scale) return { reason: 'scale', scale: rule.scale };
  if (whole.replace(/^0+(?=\d)/, '').length > MONEY_INTEGER_DIGITS)
    return { reason: 'range', digits: MONEY_INTEGER_DIGITS };
  const zero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  const negative = minus === '-' && !zero;
  const ok =
    sign === 'any' ||
    (sign === 'positive' && !negative && !zero) ||
    (sign === 'nonNegative' && !negative) ||
    (sign === 'nonZero' && !zero);
  return ok ? null : { reason: 'sign', sign };
}

const messages: Record<Locale, (p: AmountProblem) => string> = {
  'zh-CN': (p) => {
    switch (p.reason) {
      case 'format':
        return '须为数字';
      case 'scale':
        return p.scale === 0 ? '须为整数' : `最多${p.scale}位小数`;
      case 'range':
        return `超出范围（整数部分最多${p.digits}位）`;
      case 'sign':
        return { positive: '须大于0', nonNegative: '不能小于0', nonZero: '不能为0', any: '' }[p.sign];
      case 'currency':
        return '币种不支持';
    }
  },
  'en-US': (p) => {
    switch (p.reason) {
      case 'format':
        return 'must be a number';
      case 'scale':
        return p.scale === 0 ? 'must be a whole number' : `must have at most ${p.scale} decimals`;
      case 'range':
        return `is out of range (at most ${p.digits} integer digits)`;
      case 'sign':
        return {
          positive: 'must be greater than 0',
          nonNegative: 'must not be negative',
          nonZero: 'must not be 0',
          any: '',
        }[p.sign];
      case 'currency':
        return 'is in a currency that is not supported';
    }
  },
};

/** The operator's message for a refused amount (after the field's name). */
export function amountMessage(problem: AmountProblem, locale: Locale): string {
  return messages[locale](problem);
}

/**
 * A problem as the message of a zod issue (`amount:<json>`), so the server's validation messages can
 * translate it into the operator's language after zod has run; parsed back by parseAmountIssue.
 */
export function amountIssue(problem: AmountProblem): string {
  return `amount:${JSON.stringify(problem)}`;
}

export function parseAmountIssue(message: string | undefined): AmountProblem | null {
  if (!message?.startsWith('amount:')) return null;
  try {
    return JSON.parse(message.slice('amount:'.length)) as AmountProblem;
  } catch {
    return null;
  }
}
