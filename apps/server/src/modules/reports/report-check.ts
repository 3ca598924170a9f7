/**
 * A report body's checks beyond its schema (report-schemas.ts), each a 400 naming the field in the
 * operator's language, before any query: a range of real days in order (or `lastDays` up to today in
 * the platform's zone), at most REPORT_MAX_DAYS; known dimensions and filters; a sort by a shown column.
 */
import {
  type Locale,
  REPORT_MAX_DAYS,
  REPORT_PAGE_SIZE,
  type ReportDef,
  type ReportQuery,
} from '@payops/contracts';
import { fieldError } from '../../platform/errors.ts';

const text = {
  day: { 'zh-CN': '不是有效日期', 'en-US': 'is not a valid day' },
  required: { 'zh-CN': '请选择日期范围', 'en-US': 'choose a range of days' },
  reversed: { 'zh-CN': '结束日期早于开始日期', 'en-US': 'is before the start day' },
  tooLong: {
    'zh-CN': `日期范围最多${REPORT_MAX_DAYS}天`,
    'en-US': `the range is at most ${REPORT_MAX_DAYS} days`,
  },
  dimension: { 'zh-CN': '未知的维度', 'en-US': 'names an unknown dimension' },
  sort: { 'zh-CN': '不是可排序的列', 'en-US': 'is not a column the rows sort by' },
} as const;

const dayNumber = (day: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const t = Date.parse(`${day}T00:00:00Z`);
  // 2026-02-31 parses to March: a real day prints back as itself.
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === day ? t / 86_400_000 : null;
};

export interface CheckedQuery {
  from: string;
  to: string;
  dimensions: string[];
  filters: Record<string, string | number>;
  page: number;
  pageSize: number;
  sort: ReportQuery['sort'] | null;
}

/** A day as YYYY-MM-DD, `n` days after `day`. */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Today in the platform's zone (days are cut at its midnight). */
export function localToday(now: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(now);
}

export function checkQuery(def: ReportDef, body: ReportQuery, locale: Locale, today: string): CheckedQuery {
  const range =
    body.from === undefined && body.to === undefined && body.lastDays
      ? { from: addDays(today, 1 - body.lastDays), to: today }
      : { from: body.from, to: body.to };
  if (range.from === undefined) throw fieldError('from', text.required[locale]);
  if (range.to === undefined) throw fieldError('to', text.required[locale]);
  const from = dayNumber(range.from);
  if (from === null) throw fieldError('from', text.day[locale]);
  const to = dayNumber(range.to);
  if (to === null) throw fieldError('to', text.day[locale]);
  if (to < from) throw fieldError('to', text.reversed[locale]);
  if (to - from + 1 > REPORT_MAX_DAYS) throw fieldError('to', text.tooLong[locale]);
  const dimensions = body.dimensions ?? [...def.defaultDimensions];
  for (const d of dimensions)
    if (!(d in def.dimensions)) throw fieldError('dimensions', `${d} ${text.dimension[locale]}`);
  const filters = body.filters ?? {};
  for (const d of Object.keys(filters))
    if (!(d in def.dimensions)) throw fieldError('filters', `${d} ${text.dimension[locale]}`);
  // The table sorts by its columns: the measures it shows (a hidden measure is no column) and the
  // dimensions it is grouped by.
  const sort = body.sort ?? null;
  if (sort) {
    const measure = (def.measures as Record<string, { list: boolean }>)[sort.field];
    if (!measure?.list && !dimensions.includes(sort.field))
      throw fieldError('sort', `${sort.field} ${text.sort[locale]}`);
  }
  return {
    from: range.from,
    to: range.to,
    dimensions: [...new Set(dimensions)],
    filters,
    page: body.page ?? 1,
    pageSize: body.pageSize ?? REPORT_PAGE_SIZE,
    sort,
  };
}
