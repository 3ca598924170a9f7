/**
 * Withdrawal auto-review (contracts autoReviewList): the enabled rules for the order's merchant (or
 * for all merchants), tried in id order; the first whose every set condition holds approves the order.
 * Read on the review's transaction (a table, not a setting), so a rule and its order agree.
 */
import { and, asc, count, eq, gte, isNull, or } from 'drizzle-orm';
import { dec, type Tx } from '../../platform/ledger/index.ts';
import { type WithdrawOrder, withdrawOrders, withdrawReviewRules } from './schema.ts';

type Rule = typeof withdrawReviewRules.$inferSelect;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** `now` on the platform's clock (its configured zone): minutes since midnight, and that midnight. */
export function localClock(now: Date, timeZone: string): { minutes: number; midnight: Date } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const minutes = part('hour') * 60 + part('minute');
  // Zones are whole seconds off UTC: the milliseconds are the same everywhere.
  const sinceMidnight = (minutes * 60 + part('second')) * 1000 + now.getUTCMilliseconds();
  return { minutes, midnight: new Date(now.getTime() - sinceMidnight) };
}

/** Whether `now` lies in [from, to] in the platform's zone; a window past midnight (22:00-06:00) wraps. */
export function inBusinessHours(
  from: string | null,
  to: string | null,
  now: Date,
  timeZone: string,
): boolean {
  if (!from || !to) return true;
  const m = localClock(now, timeZone).minutes;
  const [a, b] = [minutesOf(from), minutesOf(to)];
  return a <= b ? m >= a && m <= b : m >= a || m <= b;
}

async function memberCountToday(tx: Tx, o: WithdrawOrder, now: Date, timeZone: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(withdrawOrders)
    .where(
      and(
        eq(withdrawOrders.memberAccount, o.memberAccount),
        eq(withdrawOrders.merchantId, o.merchantId),
        gte(withdrawOrders.createdAt, localClock(now, timeZone).midnight),
      ),
    );
  return row?.n ?? 0;
}

async function passes(tx: Tx, rule: Rule, o: WithdrawOrder, now: Date, timeZone: string): Promise<boolean> {
  if (rule.maxAmount !== null && dec(o.amount).gt(dec(rule.maxAmount))) return false;
  if (!inBusinessHours(rule.hoursFrom, rule.hoursTo, now, timeZone)) return false;
  // The order itself counts: a limit of 3 approves the member's first three of the day.
  if (rule.maxDailyCount !== null && (await memberCountToday(tx, o, now, timeZone)) > rule.maxDailyCount)
    return false;
  return true;
}

/**
 * The first enabled rule that approves the order, or null (an operator decides). Business hours and
 * the member's day are the platform's zone's (config timeZone).
 */
export async function passingRule(
  tx: Tx,
  o: WithdrawOrder,
  now: Date,
  timeZone: string,
): Promise<Rule | null> {
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
  for (const rule of rules) if (await passes(tx, rule, o, now, timeZone)) return rule;
  return null;
}
