/**
 * The time distributions' buckets (time to pay a deposit, time a withdrawal waited to be matched) are
 * the finance rollups' PAY_TIME_BUCKETS: bucket i holds durations above the previous bound and up to
 * its own (seconds, inclusive); the last everything longer. Here: their labels and the bucket of a
 * duration, and the retention reports' days.
 */
import type { Bilingual } from '../../lifecycle.ts';
import { PAY_TIME_BUCKETS } from '../financeReport/buckets.ts';

const minutes = (s: number) => s / 60;

/** `bucket.<i>` labels: "1分钟内", "1-5分钟", ..., "60分钟以上". */
export function timeBucketLabels(): Record<string, Bilingual> {
  const out: Record<string, Bilingual> = {};
  PAY_TIME_BUCKETS.forEach((upper, i) => {
    const lower = i === 0 ? null : PAY_TIME_BUCKETS[i - 1]!;
    out[`bucket.${i}`] =
      upper === null
        ? [`${minutes(lower!)}分钟以上`, `Over ${minutes(lower!)} min`]
        : lower === null
          ? [`${minutes(upper)}分钟内`, `Within ${minutes(upper)} min`]
          : [`${minutes(lower)}-${minutes(upper)}分钟`, `${minutes(lower)}-${minutes(upper)} min`];
  });
  return out;
}

/** The same labels keyed by the bucket's value ('0', '1'...). */
export const bucketValueLabels = (): Record<string, Bilingual> =>
  Object.fromEntries(Object.entries(timeBucketLabels()).map(([k, v]) => [k.slice('bucket.'.length), v]));

/** The bucket of a duration in seconds (what the rollups' SQL computes). */
export function timeBucketOf(seconds: number): number {
  const i = PAY_TIME_BUCKETS.findIndex((upper) => upper !== null && seconds <= upper);
  return i === -1 ? PAY_TIME_BUCKETS.length - 1 : i;
}

/** The days after the first deposit at which the retention reports count members who came back. */
export const RETENTION_DAYS = [1, 3, 7, 15, 30] as const;
