/** A fee or rebate rate as the operator writes it (0.012), not as money (which would truncate to 0.01). */
import { truncateMoney } from '../../lib/money.ts';

export function rateText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  return truncateMoney(String(value), 6).replace(/\.?0+$/, '');
}
