/**
 * Amounts travel as decimal strings (architecture.md) and are shown truncated, never rounded, to
 * 2 decimals (spec §9). Works on the digits of the string so no float ever holds the amount.
 * A value that truncates to zero is shown as '0.00', not '-0.00': a negative zero means nothing to an
 * operator and would look like a debt.
 */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

export function truncateMoney(value: string | number | null | undefined, decimals = 2): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'number' ? numberToPlain(value) : value.trim();
  if (text === '') return '';
  text = text.replace(/,/g, '');
  const match = DECIMAL.exec(text);
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
