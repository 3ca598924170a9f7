/**
 * The report routes' body schema (zod), apart from report.ts so that the web's report pages do not
 * download zod with the definitions; the server checks the rest and names the field (report-query.ts).
 */
import { z } from 'zod';
import { REPORT_MAX_DAYS, REPORT_PAGE_SIZES, type ReportQuery } from './report.ts';

const DAY_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** The body of `<api>/query` and `<api>/export` (the server adds the checks that name a field). */
export const reportQuerySchema: z.ZodType<ReportQuery> = z.object({
  from: z.string().regex(DAY_TEXT).optional(),
  to: z.string().regex(DAY_TEXT).optional(),
  lastDays: z.number().int().min(1).max(REPORT_MAX_DAYS).optional(),
  dimensions: z.array(z.string().max(64)).max(16).optional(),
  /** Dimension -> value: only rows of that value (a drill from a wider report). */
  filters: z.record(z.string().max(64), z.union([z.string().max(200), z.number()])).optional(),
  page: z.number().int().min(1).max(100_000).optional(),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(Math.max(...REPORT_PAGE_SIZES))
    .optional(),
  sort: z.object({ field: z.string().max(64), order: z.enum(['asc', 'desc']) }).optional(),
});
