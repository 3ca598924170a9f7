/**
 * The demo day's levels and risk rules (financeRisk): level definitions, finance tags, a cancellation
 * rule and a gift rule set up as an operator would (checked by the same rules as their pages), then
 * everything else produced by the running system: three deposits a member places through the merchant
 * API and the administrator cancels (the cancellation records, the rule firing, the black-list entry),
 * one above the member's credit level single limit and one over the merchant's daily limit (an
 * operator lowers it for the moment: refused, on the block log),
 * gift claims through the merchant API (one refused), the level job (with one fixed level it leaves
 * alone) and the merchant-risk rollup.
 */

import { MERCHANT_API_CODES, orderDepositList, orderTransferList } from '@payops/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { merchants } from '../modules/mch/schema.ts';
import { members } from '../modules/member/schema.ts';
import { depositOrders, withdrawOrders } from '../modules/order/schema.ts';
import { runLevelJob } from '../modules/risk/levels.job.ts';
import { forgetPairingRules } from '../modules/risk/levels.pairing.ts';
import { prepareFixedLevel } from '../modules/risk/levels.routes.ts';
import { checkNoOverlap } from '../modules/risk/levels.rules.ts';
import { rollUpMerchantRisk } from '../modules/risk/merchant-risk.ts';
import {
  creditLevels,
  financeTags,
  giftRiskConfig,
  matchLevels,
  memberLevelFixes,
  riskRules,
} from '../modules/risk/risk-levels.schema.ts';
import { tagMember } from '../modules/risk/tags.routes.ts';
import type { AppContext } from '../platform/context.ts';
import { dec, decString } from '../platform/ledger/index.ts';
import { open } from '../platform/secret-box.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';
import { merchantApiCall } from './orders-client.ts';
import { FINANCE_TAGS } from './vocabulary.ts';

const OPERATOR: Actor = { operatorId: 1, username: 'admin', locale: 'zh-CN' };

export interface RiskLevelsDayReport {
  cancelled: number;
  /** Deposits refused for being above the member's credit level single limit. */
  levelRefused: number;
  /** Deposits refused for taking the merchant's deposits of the day over its daily limit. */
  merchantDayRefused: number;
  fired: number;
  giftAllowed: number;
  giftDenied: number;
  promoted: number;
  demoted: number;
  merchantDays: number;
}

const CREDIT = [
  {
    level: 1,
    name: '新会员',
    minDepositCount: 0,
    minDepositAmount: '0',
    singleLimit: '2000',
    dailyLimit: '5000',
    matchAllowed: true,
    matchLevel: 1,
  },
  {
    level: 2,
    name: '普通会员',
    minDepositCount: 1,
    minDepositAmount: '100',
    singleLimit: '10000',
    dailyLimit: '30000',
    matchAllowed: true,
    matchLevel: 2,
  },
  {
    level: 3,
    name: '优质会员',
    minDepositCount: 3,
    minDepositAmount: '3000',
    singleLimit: '50000',
    dailyLimit: '200000',
    matchAllowed: true,
    matchLevel: 3,
  },
];
// New members pair with new and standard ones; premium ones only with standard and premium.
const MATCH = [
  { level: 1, name: '新手', pairsWith: '1,2' },
  { level: 2, name: '标准', pairsWith: '1,2,3' },
  { level: 3, name: '优先', pairsWith: '2,3' },
];

/**
 * Definitions as an operator saves them, refused by the same overlap rule as the page, then the level
 * job places every member. The demo day runs this before its match day, so the demo's matching
 * follows the level rules (risk/levels.pairing.ts); a second call changes nothing.
 */
export async function defineDemoLevels(ctx: AppContext): Promise<void> {
  const defined = await ctx.db.transaction(async (tx) => {
    if ((await tx.select({ id: creditLevels.id }).from(creditLevels).limit(1)).length) return false;
    await tx.insert(matchLevels).values(MATCH);
    for (const [i, c] of CREDIT.entries()) {
      checkNoOverlap(c, CREDIT.slice(0, i), 'zh-CN');
      await tx.insert(creditLevels).values(c);
    }
    await tx.insert(financeTags).values(FINANCE_TAGS.map(({ generated: _, ...tag }) => tag));
    await tx.insert(riskRules).values([
      {
        name: '24小时取消3单',
        kind: 'cancellations',
        threshold: 3,
        windowHours: 24,
        remark: '取消即拉黑，人工确认',
      },
      { name: '同IP多会员', kind: 'distinctAccounts', threshold: 20, windowHours: 1, enabled: false },
    ]);
    await tx.insert(giftRiskConfig).values([
      { dimension: 'ip', maxAccounts: 2, windowHours: 24 },
      { dimension: 'device', maxAccounts: 3, windowHours: 24 },
    ]);
    return true;
  });
  if (!defined) return;
  forgetPairingRules(ctx);
  await runLevelJob(ctx);
}

export async function runRiskLevelsDay(ctx: AppContext, origin: string): Promise<RiskLevelsDayReport> {
  const report: RiskLevelsDayReport = {
    cancelled: 0,
    levelRefused: 0,
    merchantDayRefused: 0,
    fired: 0,
    giftAllowed: 0,
    giftDenied: 0,
    promoted: 0,
    demoted: 0,
    merchantDays: 0,
  };
  await defineDemoLevels(ctx);
  // A merchant and pay type the day's deposits went through (a working passage).
  const [recent] = await ctx.db
    .select({ merchantId: depositOrders.merchantId, payType: depositOrders.payType })
    .from(depositOrders)
    .orderBy(desc(depositOrders.id))
    .limit(1);
  if (!recent) return report;
  const [m] = await ctx.db.select().from(merchants).where(eq(merchants.id, recent.merchantId));
  const [member] = await ctx.db
    .select()
    .from(members)
    .where(eq(members.merchantId, recent.merchantId))
    .orderBy(asc(members.id))
    .limit(2);
  if (!m || !member) return report;
  const creds = { mchNo: m.mchNo, secret: open(ctx.keys.secretKey, m.secretEnc) };

  // Three deposits the member abandons; the administrator cancels them (the third fires the rule).
  for (let i = 0; i < 3; i++) {
    const res = await merchantApiCall<{ orderNo: string }>(origin, creds, 'deposit/create', {
      mchOrderNo: `RLC${Date.now().toString(36).toUpperCase()}${i}`,
      amount: `${300 + i * 100}`,
      payType: recent.payType,
      memberAccount: member.account,
    });
    if (res.envelope.code !== 0) continue;
    const [o] = await ctx.db
      .select({ id: depositOrders.id })
      .from(depositOrders)
      .where(eq(depositOrders.orderNo, res.envelope.data.orderNo));
    await runSystemTransition(ctx, orderDepositList, 'cancel', o!.id, {
      ...OPERATOR,
      reason: '会员称不再充值',
    });
    report.cancelled++;
  }
  // A deposit above the member's credit level single limit: refused by the risk check (block log).
  const [limit] = await ctx.db
    .select({ singleLimit: creditLevels.singleLimit })
    .from(creditLevels)
    .where(eq(creditLevels.level, member.level));
  const over = limit && decString(dec(limit.singleLimit).plus('100'));
  if (over && dec(over).lte(dec(m.singleMax))) {
    const res = await merchantApiCall(origin, creds, 'deposit/create', {
      mchOrderNo: `RLL${Date.now().toString(36).toUpperCase()}`,
      amount: over,
      payType: recent.payType,
      memberAccount: member.account,
    });
    if (res.envelope.code === MERCHANT_API_CODES.riskBlocked) report.levelRefused++;
  }
  report.merchantDayRefused = await overMerchantDay(ctx, m, async (amount) => {
    const res = await merchantApiCall(origin, creds, 'deposit/create', {
      mchOrderNo: `RMD${Date.now().toString(36).toUpperCase()}`,
      amount,
      payType: recent.payType,
    });
    return res.envelope.code === MERCHANT_API_CODES.riskBlocked;
  });
  // A withdrawal the member called off while it waited for review: cancelled, recorded the same way.
  const [waiting] = await ctx.db
    .select({ id: withdrawOrders.id })
    .from(withdrawOrders)
    .where(and(eq(withdrawOrders.status, 'in_review'), eq(withdrawOrders.family, 'normal')))
    .orderBy(asc(withdrawOrders.id))
    .limit(1);
  if (waiting)
    await runSystemTransition(ctx, orderTransferList, 'cancel', waiting.id, {
      actor: OPERATOR,
      reason: '会员撤回提现申请',
    });
  const hits = await ctx.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM risk_rule_hits`);
  report.fired = hits.rows[0]?.n ?? 0;
  const [watch] = await ctx.db
    .select({ id: financeTags.id })
    .from(financeTags)
    .where(eq(financeTags.code, 'watch'));
  if (watch)
    await ctx.db.transaction((tx) =>
      tagMember(tx, { id: watch.id, mchNo: m.mchNo, memberAccount: member.account }, 'zh-CN'),
    );

  // Gift claims: three members on one IP (the third refused), one elsewhere.
  for (const [i, ip] of ['203.0.113.7', '203.0.113.7', '203.0.113.7', '198.51.100.23'].entries()) {
    const res = await merchantApiCall<{ decision: string }>(origin, creds, 'gift/claim', {
      memberAccount: `gift${i + 1}`,
      amount: '18.88',
      ip,
      device: `DEV-${i}`,
    });
    if (res.envelope.data?.decision === 'allow') report.giftAllowed++;
    else if (res.envelope.data?.decision === 'deny') report.giftDenied++;
  }

  // One VIP level fixed by hand, then the level job (which leaves it alone).
  const [other] = await ctx.db
    .select()
    .from(members)
    .where(and(eq(members.merchantId, recent.merchantId), sql`${members.id} > ${member.id}`))
    .orderBy(asc(members.id))
    .limit(1);
  if (other)
    await ctx.db.transaction(async (tx) => {
      const values = {
        mchNo: other.mchNo,
        memberAccount: other.account,
        level: 3,
        matchLevel: 3,
        reason: '商户大客户，合同约定',
      };
      await prepareFixedLevel(tx, values, {
        mode: 'add',
        locale: 'zh-CN',
        operatorName: 'admin',
        now: ctx.clock.now(),
      });
      await tx
        .insert(memberLevelFixes)
        .values(values as typeof memberLevelFixes.$inferInsert)
        .onConflictDoNothing();
    });
  const levels = await runLevelJob(ctx);
  report.promoted = levels.promoted;
  report.demoted = levels.demoted;
  report.merchantDays = await rollUpMerchantRisk(ctx, 8);
  return report;
}

/**
 * An operator lowers the merchant's daily deposit limit to a little above what it took today; the
 * next deposit over it is refused (商户日限额 on the block log) and the operator puts the limit back.
 * Answers how many were refused.
 */
async function overMerchantDay(
  ctx: AppContext,
  m: typeof merchants.$inferSelect,
  deposit: (amount: string) => Promise<boolean>,
): Promise<number> {
  const tz = ctx.config.timeZone;
  const { rows } = await ctx.db.execute<{ used: string }>(sql`
    SELECT coalesce(sum(used), 0)::text AS used FROM merchant_deposit_usage
     WHERE merchant_id = ${m.id}
       AND bucket >= date_trunc('day', ${ctx.clock.now()}::timestamptz AT TIME ZONE ${tz}) AT TIME ZONE ${tz}`);
  const limit = decString(dec(rows[0]!.used).plus('100').round(0, 3));
  const setLimit = (dailyLimit: string) =>
    ctx.db.update(merchants).set({ dailyLimit }).where(eq(merchants.id, m.id));
  await setLimit(limit);
  try {
    return (await deposit('300')) ? 1 : 0;
  } finally {
    await setLimit(m.dailyLimit);
  }
}

export const describeRiskLevelsDay = (r: RiskLevelsDayReport) =>
  `risk levels: ${r.cancelled} deposits cancelled, ${r.levelRefused} over the level limit, ${r.merchantDayRefused} over the merchant's daily limit, ${r.fired} rule firings, gift claims ${r.giftAllowed} allowed / ` +
  `${r.giftDenied} refused, levels ${r.promoted} promoted / ${r.demoted} demoted, ${r.merchantDays} merchant days`;
