/**
 * Temporary freezes (financeRisk/mch_frozen_list): set by an operator (or a rule), lifted by an
 * operator, expired by a job (system transition). The risk service's `checkOrder` honours the live
 * ones; `loginFreezeExists` answers for a merchant's login: its merchant API calls (openapi/verify.ts,
 * asked by the nonce statement of openapi/rate.ts).
 */
import { FREEZE_SCOPES, type FreezeScope, mchFrozenList } from '@payops/contracts';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/crud/index.ts';
import { fieldError } from '../../platform/errors.ts';
import { expireDue } from '../../platform/jobs/expire-due.ts';
import type { Actor } from '../../platform/transitions/index.ts';
import { freezeSubject, recordRiskOperation } from './records.ts';
import { type RiskFreeze, riskFreezes } from './risk.schema.ts';

export interface FreezeInput extends Partial<Record<FreezeScope, boolean>> {
  subjectType: 'member' | 'merchant';
  merchantId: number;
  memberAccount?: string | null;
  reason: string;
  expiresAt: Date;
}

const text = {
  member: { 'zh-CN': '冻结会员须填写会员账号', 'en-US': 'a member freeze needs the member account' },
  nothing: { 'zh-CN': '至少选择一项冻结内容', 'en-US': 'choose at least one thing to freeze' },
  past: { 'zh-CN': '解冻时间须晚于现在', 'en-US': 'must be in the future' },
  noMerchant: { 'zh-CN': '商户不存在', 'en-US': 'no such merchant' },
  reason: { 'zh-CN': '原因为2-200个字符', 'en-US': 'a reason of 2-200 characters is required' },
} as const;

const SCOPES = Object.keys(FREEZE_SCOPES) as FreezeScope[];

/** Sets a freeze and its operation record in the caller's transaction (a 400 naming the field). */
export async function addFreeze(
  ctx: AppContext,
  tx: Tx,
  input: FreezeInput,
  actor: Actor,
): Promise<RiskFreeze> {
  const { locale } = actor;
  const now = ctx.clock.now();
  const reason = input.reason.trim();
  if (reason.length < 2 || reason.length > 200) throw fieldError('reason', text.reason[locale]);
  const member = input.subjectType === 'member' ? (input.memberAccount ?? '').trim().toLowerCase() : '';
  if (input.subjectType === 'member' && !member) throw fieldError('memberAccount', text.member[locale]);
  if (!SCOPES.some((w) => input[w])) throw fieldError('freezeDeposit', text.nothing[locale]);
  if (!(input.expiresAt > now)) throw fieldError('expiresAt', text.past[locale]);
  const m = await tx.execute(sql`SELECT 1 FROM merchants WHERE id = ${input.merchantId}`);
  if (!m.rows.length) throw fieldError('merchantId', text.noMerchant[locale]);
  const [row] = await tx
    .insert(riskFreezes)
    .values({
      subjectType: input.subjectType,
      merchantId: input.merchantId,
      memberAccount: member,
      ...Object.fromEntries(SCOPES.map((w) => [w, !!input[w]])),
      reason,
      expiresAt: input.expiresAt,
      createdBy: actor.operatorId,
      createdAt: now,
    })
    .returning();
  await recordRiskOperation(
    tx,
    {
      operation: 'freeze',
      target: mchFrozenList.name,
      targetId: row!.id,
      ...freezeSubject(row!),
      reason,
    },
    actor,
    now,
  );
  return row!;
}

/**
 * The SQL condition "a live freeze covers this login" (a boolean expression), for a statement that
 * asks it alongside its own work (the merchant API's nonce statement, openapi/rate.ts).
 */
export function loginFreezeExists(ctx: AppContext, merchantId: number, memberAccount = '') {
  return sql`EXISTS (SELECT 1 FROM risk_freezes
     WHERE status = 'active' AND expires_at > ${ctx.clock.now()} AND merchant_id = ${merchantId}
       AND freeze_login AND (subject_type = 'merchant' OR member_account = ${memberAccount.toLowerCase()}))`;
}

/** Expires the freezes past their time (a batch); answers the ids. The check ignores them already. */
export function expireFreezes(ctx: AppContext): Promise<number[]> {
  return expireDue(ctx, {
    def: mchFrozenList,
    table: riskFreezes,
    key: riskFreezes.id,
    due: and(eq(riskFreezes.status, 'active'), lte(riskFreezes.expiresAt, ctx.clock.now())),
    order: riskFreezes.expiresAt,
    batch: 200,
  });
}
