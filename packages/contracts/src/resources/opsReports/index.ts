/** The operations reports of /financeReport: matching, third parties, levels, first deposits. */
export * from './time-buckets.ts';
