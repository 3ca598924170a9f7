/**
 * The server's half of contracts' familyTakes (order-family.ts): a matched order's money moves per
 * match, so it takes the normal steps only before it is matched or pooled, and only matched orders take
 * the match steps. Each order transition checks it here (a hook of every order transition,
 * order-hooks.ts) and as the condition of its guarded UPDATE.
 */
import type { Locale } from '@payops/contracts';
import { BEFORE_MATCHING, familyTakes, MATCH_STEPS } from '@payops/contracts';
import { inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { fieldIn } from '../../platform/errors.ts';

const text = {
  matchOnly: { 'zh-CN': '仅撮合订单可执行该操作', 'en-US': 'is a step of matched orders only' },
  notForMatch: {
    'zh-CN': '撮合订单的资金按撮合结算，不能执行该操作',
    'en-US': 'cannot take this step: a matched order settles through its matches',
  },
} as const;

export function checkOrderFamily(transition: string, before: Record<string, unknown>, locale: Locale): void {
  if (familyTakes(transition, before)) return;
  throw fieldIn('family', MATCH_STEPS.includes(transition) ? text.matchOnly : text.notForMatch, locale);
}

/**
 * checkOrderFamily as the condition of a transition's guarded UPDATE (its one statement): a record it
 * does not hold is not updated, and the transaction's path then runs the check and says why.
 */
export function familyCondition(
  transition: string,
  columns: { family: PgColumn; status: PgColumn },
): SQL | undefined {
  if (MATCH_STEPS.includes(transition)) return sql`${columns.family} = 'match'`;
  return or(ne(columns.family, 'match'), inArray(columns.status, [...BEFORE_MATCHING]));
}
