/**
 * Account risk conditions (findByPage) and the evaluator that fires them. A rule fires on a subject
 * (a member at a merchant, or an IP) once per window: the firing is a `risk_rule_hits` row with the
 * evidence (the orders that made it fire), and the subject is black-listed through the lists'
 * `addListEntry` as an entry whose source is the rule, which an operator confirms or lifts on the
 * black-list page. Cancellation rules run on each cancellation (cancel-records.ts); every kind runs in
 * the job too, set-based.
 */
import type { RiskRuleKind } from '@payops/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { blacklistSubject } from './auto-blacklist.port.ts';
import { riskRuleHits, riskRules } from './risk-levels.schema.ts';

type Rule = typeof riskRules.$inferSelect;

type Firing = {
  merchant_id: number | null;
  mch_no: string;
  subject: string;
  count: number;
  evidence: string;
};

const since = (at: Date, hours: number) => new Date(at.getTime() - hours * 3_600_000);

/** The subjects over a rule's threshold now, with the evidence (at most 20 order numbers). */
function firingsSql(rule: Rule, at: Date, member?: { merchantId: number; memberAccount: string }) {
  const from = since(at, rule.windowHours);
  const one = member
    ? sql`AND merchant_id = ${member.merchantId} AND member_account = ${member.memberAccount}`
    : sql``;
  switch (rule.kind) {
    case 'cancellations':
      return sql`
        SELECT merchant_id, min(mch_no) AS mch_no, member_account AS subject, count(*)::int AS count,
               string_agg(order_no, ',' ORDER BY id) AS evidence
        FROM order_cancel_records
        WHERE at > ${from} AND at <= ${at} AND member_account <> '' ${one}
        GROUP BY merchant_id, member_account HAVING count(*) >= ${rule.threshold}`;
    case 'repeatAmount':
      return sql`
        SELECT merchant_id, min(mch_no) AS mch_no, member_account AS subject, count(*)::int AS count,
               amount::text || ' x ' || string_agg(order_no, ',' ORDER BY id) AS evidence
        FROM deposit_orders
        WHERE created_at > ${from} AND created_at <= ${at} AND member_account <> '' ${one}
        GROUP BY merchant_id, member_account, amount HAVING count(*) >= ${rule.threshold}`;
    case 'distinctAccounts':
      return sql`
        SELECT NULL::int AS merchant_id, '' AS mch_no, client_ip AS subject,
               count(DISTINCT member_account)::int AS count,
               string_agg(DISTINCT member_account, ',') AS evidence
        FROM deposit_orders
        WHERE created_at > ${from} AND created_at <= ${at} AND client_ip <> '' AND member_account <> ''
        GROUP BY client_ip HAVING count(DISTINCT member_account) >= ${rule.threshold}`;
  }
}

const SUBJECT_KIND: Record<RiskRuleKind, 'member' | 'ip'> = {
  cancellations: 'member',
  repeatAmount: 'member',
  distinctAccounts: 'ip',
};

/** Fires one rule (all subjects, or one member's): a hit per new firing, and its black-list entry. */
async function fire(tx: Tx, rule: Rule, at: Date, member?: { merchantId: number; memberAccount: string }) {
  const rows = await tx.execute<Firing>(firingsSql(rule, at, member));
  let fired = 0;
  for (const f of rows.rows) {
    // Once per rule, subject and window: a re-run or the next cancellation in the window adds nothing.
    const [already] = await tx
      .select({ id: riskRuleHits.id })
      .from(riskRuleHits)
      .where(
        and(
          eq(riskRuleHits.subject, f.subject),
          eq(riskRuleHits.ruleId, rule.id),
          sql`${riskRuleHits.createdAt} > ${since(at, rule.windowHours)}`,
        ),
      )
      .limit(1);
    if (already) continue;
    const evidence = f.evidence.length > 900 ? `${f.evidence.slice(0, 900)}…` : f.evidence;
    const listEntryId = await blacklistSubject(tx, {
      kind: SUBJECT_KIND[rule.kind],
      value: f.subject,
      merchantId: f.merchant_id,
      source: rule.name,
      reason: `${rule.name}: ${f.count} ≥ ${rule.threshold} / ${rule.windowHours}h (${evidence})`,
      at,
    });
    await tx.insert(riskRuleHits).values({
      ruleId: rule.id,
      kind: rule.kind,
      mchNo: f.mch_no,
      subject: f.subject,
      count: f.count,
      evidence,
      listEntryId,
      createdAt: at,
    });
    fired++;
  }
  return fired;
}

/** On a cancellation, in its transaction: the enabled cancellation rules for that member. */
export async function evaluateCancellations(
  tx: Tx,
  member: { merchantId: number; mchNo: string; memberAccount: string },
  at: Date,
): Promise<number> {
  const rules = await tx
    .select()
    .from(riskRules)
    .where(and(eq(riskRules.kind, 'cancellations'), eq(riskRules.enabled, true)));
  let fired = 0;
  for (const rule of rules) fired += await fire(tx, rule, at, member);
  return fired;
}

/** Every enabled rule over every subject, each rule in its own transaction (the job). */
export async function evaluateRiskRules(ctx: AppContext): Promise<{ fired: number }> {
  const at = ctx.clock.now();
  const rules = await ctx.db.select().from(riskRules).where(eq(riskRules.enabled, true));
  let fired = 0;
  for (const rule of rules) fired += await ctx.db.transaction((tx) => fire(tx, rule, at));
  return { fired };
}

export const riskRulesJob = defineJob({
  name: 'risk-rules',
  schedule: '*/10 * * * *',
  retry: { limit: 3, delaySeconds: 60, backoff: true },
  handler: (ctx) => evaluateRiskRules(ctx),
});
