/**
 * The buckets of the time distributions (time to pay a deposit, time a withdrawal waited to be
 * matched): bucket i holds the durations below `upTo[i]` seconds and at or above the previous bound;
 * the last one everything longer. The server's SQL and the pages' labels are built from this list.
 */
export const TIME_BUCKETS = [
  { upTo: 60, label: ['1分钟内', 'Under 1 min'] },
  { upTo: 180, label: ['1-3分钟', '1-3 min'] },
  { upTo: 300, label: ['3-5分钟', '3-5 min'] },
  { upTo: 600, label: ['5-10分钟', '5-10 min'] },
  { upTo: 1800, label: ['10-30分钟', '10-30 min'] },
  { upTo: 3600, label: ['30-60分钟', '30-60 min'] },
  { upTo: null, label: ['1小时以上', 'Over 1 hour'] },
] as const satisfies readonly { upTo: number | null; label: readonly [string, string] }[];

/** The bucket of a duration in seconds (what the SQL CASE computes). */
export function timeBucketOf(seconds: number): number {
  const i = TIME_BUCKETS.findIndex((b) => b.upTo !== null && seconds < b.upTo);
  return i === -1 ? TIME_BUCKETS.length - 1 : i;
}

/** The days after the first deposit at which the retention reports count members who came back. */
export const RETENTION_DAYS = [1, 3, 7, 15, 30] as const;
