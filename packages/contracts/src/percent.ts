/**
 * Rates are stored and sent as fractions in decimal strings ('0.012'); operators read and write them
 * as percentages ('1.2' shown as 1.2%). Moving the decimal point on the digits keeps the conversion
 * exact both ways: no float ever holds a rate (1.2% <-> '0.012', never 0.012000000000000002).
 */
const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** The decimal text moved by `places` (positive: times 10^places), normalised; null if not a decimal. */
function shiftPoint(value: string, places: number): string | null {
  const match = DECIMAL.exec(value.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null;
  let int = match[2] ?? '';
  let frac = match[3] ?? '';
  if (places >= 0) {
    frac = frac.padEnd(places, '0');
    int += frac.slice(0, places);
    frac = frac.slice(places);
  } else {
    int = int.padStart(1 - places, '0');
    frac = int.slice(int.length + places) + frac;
    int = int.slice(0, int.length + places);
  }
  int = int.replace(/^0+(?=\d)/, '') || '0';
  frac = frac.replace(/0+$/, '');
  const body = frac ? `${int}.${frac}` : int;
  return match[1] === '-' && /[1-9]/.test(body) ? `-${body}` : body;
}

/** '0.012' -> '1.2' (the number before the % sign). */
export function fractionToPercent(fraction: string): string | null {
  return shiftPoint(fraction, 2);
}

/** '1.2' (percent) -> '0.012' (the stored fraction). */
export function percentToFraction(percent: string): string | null {
  return shiftPoint(percent, -2);
}
