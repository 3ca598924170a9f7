/**
 * Withdrawal auto-review (contracts autoReviewList): the enabled rules for the order's merchant (or
 * for all merchants), tried in id order; the first whose every set condition holds approves the order.
 * Read on the review's transaction (a table, not a setting), so a rule and its order agree.
 */
import { and, asc, count, eq, gte, isNull, or } from 'drizzle-orm';
import { dec, type Tx } from '../../platform/ledger/index.ts';
import { type WithdrawOrder, withdrawOrders, withdrawReviewRules } from './schema.ts';

type Rule = typeof withdrawReviewRules.$inferSelect;

/** The operators' business day is UTC+8 (the spec's console runs on Beijing time). */
const OFFSET_MS = 8 * 3_600_000;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether `now` lies in [from, to] in UTC+8; a window past midnight (22:00-06:00) wraps. */
export function inBusinessHours(from: string | null, to: string | null, now: Date): boolean {
  if (!from || !to) return true;
  const local = new Date(now.getTime() + OFFSET_MS);
  const m = local.getUTCHours() * 60 + local.getUTCMinutes();
  const [a, b] = [minutesOf(from), minutesOf(to)];
  return a <= b ? m >= a && m <= b : m >= a || m <= b;
}

/** Midnight of `now`'s UTC+8 day, as an instant. */
function dayStart(now: Date): Date {
  const local = now.getTime() + OFFSET_MS;
  return new Date(local - (local % 86_400_000) - OFFSET_MS);
}

async function memberCountToday(tx: Tx, o: WithdrawOrder, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(withdrawOrders)
    .where(
      and(
        eq(withdrawOrders.memberAccount, o.memberAccount),
        eq(withdrawOrders.merchantId, o.merchantId),
        gte(withdrawOrders.createdAt, dayStart(now)),
      ),
    );
  return row?.n ?? 0;
}

async function passes(tx: Tx, rule: Rule, o: WithdrawOrder, now: Date): Promise<boolean> {
  if (rule.maxAmount !== null && dec(o.amount).gt(dec(rule.maxAmount))) return false;
  if (!inBusinessHours(rule.hoursFrom, rule.hoursTo, now)) return false;
  // The order itself counts: a limit of 3 approves the member's first three of the day.
  if (rule.maxDailyCount !== null && (await memberCountToday(tx, o, now)) > rule.maxDailyCount) return false;
  return true;
}

/** The first enabled rule that approves the order, or null (an operator decides). */
export async function passingRule(tx: Tx, o: WithdrawOrder, now: Date): Promise<Rule | null> {
  const rules = await tx
    .select()
    .from(withdrawReviewRules)
    .where(
      and(
        eq(withdrawReviewRules.enabled, true),
        or(isNull(withdrawReviewRules.merchantId), eq(withdrawReviewRules.merchantId, o.merchantId)),
      ),
    )
    .orderBy(asc(withdrawReviewRules.id));
  for (const rule of rules) if (await passes(tx, rule, o, now)) return rule;
  return null;
}
