/**
 * Decimal strings: money and rates never travel as JSON numbers. Kept apart from resource-schemas.ts
 * (which re-exports them) so the web's form rules can use them without bringing zod along.
 */

/** A decimal string: money and rates never travel as JSON numbers. */
export const DECIMAL_PATTERN = /^-?\d{1,20}(\.\d{1,8})?$/;

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
  const fa = `${ia}.${af.padEnd(8, '0')}`;
  const fb = `${ib}.${bf.padEnd(8, '0')}`;
  return fa === fb ? 0 : fa > fb ? sign : -sign;
}
