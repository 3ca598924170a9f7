/**
 * What any value arriving at the API may be, whatever the route (issue 18, section 1). Every route
 * schema builds on these, and the server checks every body and query against `findHostile` before
 * its own schema runs, so a new route is safe by construction: hostile input is a 400 naming the
 * field, never a database error.
 */
import { z } from 'zod';

/** PostgreSQL int4: ids, counters, levels and every other `number` field travel in this range. */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
/** Timestamps outside this range are typos or probes; PostgreSQL would refuse some of them. */
export const DATE_MIN = '1900-01-01T00:00:00.000Z';
export const DATE_MAX = '2999-12-31T23:59:59.999Z';
/** JSON fields (fee rates, audit detail): nesting and size bounds. */
export const JSON_MAX_DEPTH = 8;
export const JSON_MAX_BYTES = 16 * 1024;
/** Any body or query: nesting bound (a JSON field's own bound is tighter) and the longest string. */
export const BODY_MAX_DEPTH = 16;
export const STRING_HARD_MAX = 64 * 1024;

/** Messages of refinements are `key:argument` (validation-messages.ts puts them into words). */
export const RULE = {
  text: 'unsafeText',
  dateRange: 'dateRange',
  jsonDepth: `jsonDepth:${JSON_MAX_DEPTH}`,
  jsonSize: `jsonSize:${JSON_MAX_BYTES}`,
  bodyDepth: `bodyDepth:${BODY_MAX_DEPTH}`,
} as const;

// A NUL, or a UTF-16 surrogate not part of a pair: PostgreSQL's text refuses both (22021, 22P05).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isSafeText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/** A string PostgreSQL can store: no NUL, no lone surrogate. */
export const safeString = () => z.string().refine(isSafeText, { message: RULE.text, abort: true });

/** An integer in PostgreSQL's int4 range: no fraction, no 1e308, no 2^31. */
export const int4 = () => z.number().int().min(INT4_MIN).max(INT4_MAX);
/** A positive int4: a row id. */
export const id4 = () => z.number().int().positive().max(INT4_MAX);
/** A positive int4 from a query string. */
export const queryId4 = () => z.coerce.number().int().positive().max(INT4_MAX);

function inDateRange(s: string): boolean {
  const t = Date.parse(s);
  // Not a date at all: the format check says so, once (this would only repeat it).
  if (Number.isNaN(t)) return true;
  return t >= Date.parse(DATE_MIN) && t <= Date.parse(DATE_MAX);
}
/** An ISO 8601 timestamp with its offset, between 1900 and 2999. */
export const safeDatetime = () =>
  z.iso.datetime({ offset: true }).refine(inDateRange, { message: RULE.dateRange });
/** An ISO date (yyyy-mm-dd) between 1900 and 2999. */
export const safeDate = () => z.iso.date().refine(inDateRange, { message: RULE.dateRange });

/** The nesting depth of a JSON value, counted without recursion (a 5,000-deep value is not a crash). */
export function depthOf(value: unknown, stopAt = Number.POSITIVE_INFINITY): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (d > max) max = d;
    if (max > stopAt) return max;
    if (v && typeof v === 'object') for (const child of Object.values(v)) stack.push([child, d + 1]);
  }
  return max;
}

/** A JSON field: bounded nesting and size, strings PostgreSQL can store. */
export const boundedJson = () =>
  z.preprocess((value, ctx) => {
    if (depthOf(value, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) {
      ctx.addIssue({ code: 'custom', message: RULE.jsonDepth, input: value });
      return undefined;
    }
    const text = JSON.stringify(value) ?? '';
    if (text.length > JSON_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: RULE.jsonSize, input: value });
      return undefined;
    }
    if (!isSafeText(text)) {
      ctx.addIssue({ code: 'custom', message: RULE.text, input: value });
      return undefined;
    }
    return value;
  }, z.json());

export interface HostileFinding {
  /** Dotted path of the offending field, e.g. `filters.phone` or `roleIds.0`. */
  path: string;
  rule: string;
}

/**
 * The first value in a parsed body or query that no route may take: a string (or key) with NUL or a
 * lone surrogate, a string over `stringMax` (STRING_HARD_MAX unless the route takes a file in base64),
 * nesting over BODY_MAX_DEPTH. Iterative on purpose.
 */
export function findHostile(root: unknown, stringMax = STRING_HARD_MAX): HostileFinding | null {
  const stack: [unknown, string[]][] = [[root, []]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (path.length > BODY_MAX_DEPTH) return { path: path.slice(0, 3).join('.'), rule: RULE.bodyDepth };
    if (typeof v === 'string') {
      if (!isSafeText(v)) return { path: path.join('.'), rule: RULE.text };
      if (v.length > stringMax) return { path: path.join('.'), rule: `tooLong:${stringMax}` };
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (!isSafeText(k)) return { path: [...path, '?'].join('.'), rule: RULE.text };
        stack.push([child, [...path, k]]);
      }
    }
  }
  return null;
}
