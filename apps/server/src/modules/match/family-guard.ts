/**
 * Matched (P2P) orders share the deposit and withdrawal lifecycles with the normal ones, but their
 * money moves per match (match-settle.ts): a normal order's money-moving step (a receipt audit, a
 * refund, a manual success, a payout) on a matched order would move it twice, and a match step on a
 * normal order would move it without a match. Each order transition checks the family here (a hook of
 * every order transition, order-hooks.ts): a matched order takes the normal steps only before it is
 * matched or pooled (created, in review, detained), and only matched orders take the match steps.
 */
import type { Locale } from '@payops/contracts';
import { inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { fieldIn } from '../../platform/errors.ts';

const MATCH_STEPS = new Set([
  'matchFound',
  'matchPaid',
  'matchSettled',
  'matchExpired',
  'matchCancelled',
  'enterPool',
  'leavePool',
]);
const BEFORE_MATCHING = ['created', 'in_review', 'detained'];

const text = {
  matchOnly: { 'zh-CN': '仅撮合订单可执行该操作', 'en-US': 'is a step of matched orders only' },
  notForMatch: {
    'zh-CN': '撮合订单的资金按撮合结算，不能执行该操作',
    'en-US': 'cannot take this step: a matched order settles through its matches',
  },
} as const;

export function checkOrderFamily(transition: string, before: Record<string, unknown>, locale: Locale): void {
  const matched = before.family === 'match';
  if (MATCH_STEPS.has(transition)) {
    if (!matched) throw fieldIn('id', text.matchOnly, locale);
  } else if (matched && !BEFORE_MATCHING.includes(String(before.status))) {
    throw fieldIn('id', text.notForMatch, locale);
  }
}

/**
 * checkOrderFamily as the condition of a transition's guarded UPDATE (its one statement): a record it
 * does not hold is not updated, and the transaction's path then runs the check and says why.
 */
export function familyCondition(
  transition: string,
  columns: { family: PgColumn; status: PgColumn },
): SQL | undefined {
  if (MATCH_STEPS.has(transition)) return sql`${columns.family} = 'match'`;
  return or(ne(columns.family, 'match'), inArray(columns.status, BEFORE_MATCHING));
}
