/**
 * The fixed buckets of the finance rollups (issue 14): orders by amount band and success orders by
 * time to finish. Fixed, so a rollup row's bucket columns add up across days and merchants.
 */
import type { Bilingual } from '../../lifecycle.ts';

/** Lower bounds (CNY, inclusive) of the amount bands; the last is open-ended. */
export const AMOUNT_BANDS = ['0', '100', '500', '1000', '5000', '10000', '50000'] as const;

/** Upper bounds (seconds, inclusive) of the time-to-finish buckets; null: longer than the one before. */
export const PAY_TIME_BUCKETS = [60, 300, 600, 1800, 3600, null] as const;

/** "100 - 500" style labels of the bands, the same in both languages but for the open end. */
export function amountBandLabels(): Record<string, Bilingual> {
  const out: Record<string, Bilingual> = {};
  AMOUNT_BANDS.forEach((low, i) => {
    const high = AMOUNT_BANDS[i + 1];
    out[`band.${i}`] = high ? [`${low} - ${high}`, `${low} - ${high}`] : [`${low} 以上`, `${low} and more`];
  });
  return out;
}
