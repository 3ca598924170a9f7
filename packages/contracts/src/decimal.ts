/**
 * Decimal strings: money and rates never travel as JSON numbers. Kept apart from resource-schemas.ts
 * (which re-exports them) so the web's form rules can use them without bringing zod along.
 */

/**
 * The money columns' shape: numeric(28, 8) on the server (platform/ledger/columns.ts builds its
 * columns from these two numbers), so an amount or a balance has at most 20 integer digits.
 */
export const MONEY_INTEGER_DIGITS = 20;
export const MONEY_MAX_SCALE = 8;

/** A decimal string that fits a money column (any currency; see money.ts for the per-currency rule). */
export const DECIMAL_PATTERN = new RegExp(
  `^-?\\d{1,${MONEY_INTEGER_DIGITS}}(\\.\\d{1,${MONEY_MAX_SCALE}})?$`,
);

/** Compares two decimal strings exactly (no float): -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const neg = (s: string) => s.startsWith('-');
  if (neg(a) !== neg(b)) return neg(a) ? -1 : 1;
  const sign = neg(a) ? -1 : 1;
  const [ai = '', af = ''] = a.replace('-', '').split('.');
  const [bi = '', bf = ''] = b.replace('-', '').split('.');
  const ia = ai.replace(/^0+/, '');
  const ib = bi.replace(/^0+/, '');
  if (ia.length !== ib.length) return ia.length > ib.length ? sign : -sign;
  const fa = `${ia}.${af.padEnd(MONEY_MAX_SCALE, '0')}`;
  const fb = `${ib}.${bf.padEnd(MONEY_MAX_SCALE, '0')}`;
  return fa === fb ? 0 : fa > fb ? sign : -sign;
}
