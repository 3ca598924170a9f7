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

const SIGNED_DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * An amount as the screen and the files show it: truncated, never rounded, to `decimals` (spec §9:
 * 2 for CNY), on the digits of the string so no float ever holds the amount. A value that truncates
 * to zero is '0.00', not '-0.00': a negative zero means nothing to an operator and would look like a
 * debt. Non-numeric text is given back as it is.
 */
export function truncateMoney(value: string | number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  if (text === '') return '';
  text = text.replace(/,/g, '');
  const match = SIGNED_DECIMAL.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return String(value);
  const sign = match[1] === '-' ? '-' : '';
  const intPart = (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = (match[3] ?? '').slice(0, decimals).padEnd(decimals, '0');
  const isZero = /^0*$/.test(intPart) && /^0*$/.test(fraction);
  const body = decimals > 0 ? `${intPart}.${fraction}` : intPart;
  return isZero ? body : `${sign}${body}`;
}

/** Numbers (from older endpoints) as plain decimal text; exponent notation would defeat the parser. */
function numberToPlain(n: number): string {
  if (!Number.isFinite(n)) return '';
  const text = String(n);
  if (!/e/i.test(text)) return text;
  return n.toFixed(20).replace(/0+$/, '');
}
