/**
 * Decimal arithmetic for amounts with big.js in strict mode: a Big can only be made from a string (or
 * another Big), so a float cannot slip into a balance. Amounts leave as plain decimal strings.
 */
import { MONEY_INTEGER_DIGITS } from '@payops/contracts/decimal';
import BigModule, { type Big } from 'big.js';

/** An own constructor so the settings below never leak into other users of big.js. */
export const Dec = BigModule();
Dec.strict = true;
/** 8 decimals like the numeric(28, 8) columns; anything finer is truncated, never rounded up. */
Dec.DP = 8;
Dec.RM = Dec.roundDown;

export type Decimal = Big;

export const ZERO = Dec('0');

export function dec(value: string | Big): Big {
  return value instanceof Dec ? value : Dec(value);
}

/** The canonical text of an amount: no exponent, no trailing zeros, at most 8 decimals. */
export function decString(value: Big): string {
  return value.round(8, Dec.roundDown).toFixed();
}

export function sum(values: readonly (string | Big)[]): Big {
  return values.reduce<Big>((acc, v) => acc.plus(dec(v)), ZERO);
}

export const isNegative = (v: Big) => v.lt(ZERO);
export const isZero = (v: Big) => v.eq(ZERO);

/** The largest balance a money column holds is below 10^20 (numeric(28, 8)). */
export const BALANCE_LIMIT = Dec(`1${'0'.repeat(MONEY_INTEGER_DIGITS)}`);

/** Whether a balance fits its column: |value| < 10^20. */
export const fitsColumn = (v: Big) => v.abs().lt(BALANCE_LIMIT);
