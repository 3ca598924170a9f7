/**
 * What the market's services share: the refusals in both languages, the amount check of a service
 * input, the operation-log row of a service step (a take, a post, an application: the transitions
 * write their own), and running in the caller's transaction or a new one.
 */
import {
  amountMessage,
  checkAmount,
  ErrorCode,
  type Locale,
  type ResourceDef,
  systemText,
  type TraderType,
  type TradeServiceAction,
} from '@payops/contracts';
import { appendOperationLog } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { dec, decString, type Tx } from '../../platform/ledger/index.ts';
import type { Actor } from '../../platform/transitions/index.ts';

export const text = {
  notFound: { 'zh-CN': '不存在', 'en-US': 'was not found' },
  adClosed: { 'zh-CN': '广告已不在挂单中', 'en-US': 'the ad is no longer open' },
  adExpired: { 'zh-CN': '广告已过期', 'en-US': 'the ad has expired' },
  ownAd: { 'zh-CN': '不能吃自己的广告', 'en-US': 'a trader cannot take their own ad' },
  left: {
    'zh-CN': (left: string) => `超过广告剩余数量（剩余 ${left}）`,
    'en-US': (left: string) => `is more than the ad has left (${left} left)`,
  },
  belowMin: {
    'zh-CN': (min: string) => `不能小于 ${min}`,
    'en-US': (min: string) => `must be at least ${min}`,
  },
  aboveMax: {
    'zh-CN': (max: string) => `不能大于 ${max}`,
    'en-US': (max: string) => `must be at most ${max}`,
  },
  payType: { 'zh-CN': '不在允许的付款方式中', 'en-US': 'is not an allowed pay type' },
  tooManyOpen: {
    'zh-CN': (n: number) => `进行中的订单已达上限（${n}）`,
    'en-US': (n: number) => `has reached the maximum of ${n} open orders`,
  },
  notAdvertiser: {
    'zh-CN': '须先申请成为广告商并通过审核',
    'en-US': 'must first apply to become an advertiser and be approved',
  },
  largeAd: {
    'zh-CN': (n: string) => `超过大额广告门槛 ${n}，须先申请大额广告并通过审核`,
    'en-US': (n: string) => `is above the large-ad amount ${n}: apply for large ads first`,
  },
  insufficient: { 'zh-CN': '可用余额不足', 'en-US': 'is more than the available balance' },
  notBuyer: { 'zh-CN': '只有买方可以付款', 'en-US': 'only the buyer can mark the order paid' },
  notSeller: { 'zh-CN': '只有卖方可以确认放币', 'en-US': 'only the seller can confirm' },
  notParty: { 'zh-CN': '不是该订单的交易方', 'en-US': 'is not a party of this order' },
  pendingApply: {
    'zh-CN': '已有待审核的同类申请',
    'en-US': 'already has a pending application of this kind',
  },
  minMax: { 'zh-CN': '不能小于单笔最小', 'en-US': 'must not be below the min per take' },
  reason: { 'zh-CN': '原因为2-200个字符', 'en-US': 'a reason of 2-200 characters is required' },
  blocked: { 'zh-CN': '交易者在黑名单中，不能交易', 'en-US': 'is on a black list and cannot trade' },
} as const;

/** An amount as an operator reads it in a message (no trailing zeros). */
export const shown = (amount: string) => decString(dec(amount));

/** A positive coin amount as the currency's rule allows (never rounded), else a 400 on `field`. */
export function coinAmount(value: string, currency: string, field: string, locale: Locale): string {
  const problem = checkAmount(value, currency, 'positive');
  if (problem) throw fieldError(field, amountMessage(problem, locale));
  return value.trim();
}

/** A reason as the lifecycle's input asks (2-200 characters), for service callers too. */
export function reasonOf(reason: string, locale: Locale): string {
  const r = reason.trim();
  if (r.length < 2 || r.length > 200) throw fieldError('reason', text.reason[locale]);
  return r;
}

/** A 404 naming the record the caller asked for. */
export function notFound(field: string, locale: Locale): AppError {
  return new AppError(ErrorCode.notFound, { fields: [{ field, message: text.notFound[locale] }] });
}

/** A 409 on a field: the record moved on (taken, closed) while the caller looked. */
export function conflict(field: string, message: string): AppError {
  return new AppError(ErrorCode.conflict, { fields: [{ field, message }] });
}

/** The operation-log row of a service step, on its transaction (its last statement). */
export function auditStep(
  tx: Tx,
  actor: Actor,
  at: Date,
  step: {
    /** The page the record shows on: the action is logged as `<group>.<page>.<name>` of it. */
    def: Pick<ResourceDef, 'group' | 'page' | 'name'>;
    name: TradeServiceAction;
    objectId: string | number;
    detail: Record<string, unknown>;
  },
) {
  return appendOperationLog(tx, {
    at,
    operatorId: actor.operatorId,
    operatorName: actor.username,
    action: `${step.def.group}.${step.def.page}.${step.name}`,
    method: 'SERVICE',
    path: '',
    objectType: step.def.name,
    objectId: String(step.objectId),
    result: 'success',
    code: 0,
    ip: '',
    detail: step.detail,
  });
}

/** Runs `work` in the caller's transaction, or in a new one. */
export function inTx<T>(ctx: AppContext, tx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
  return tx ? work(tx) : ctx.db.transaction(work);
}

/** The platform acting (a job, the simulator without an operator). */
export const SYSTEM_ACTOR: Actor = { operatorId: null, username: systemText('system'), locale: 'zh-CN' };

/** A trader acting through the market's API or the simulator: recorded as `@<type>: <code>`. */
export function traderActor(t: { ownerType: string; code: string }, locale: Locale = 'zh-CN'): Actor {
  return { operatorId: null, username: systemText(t.ownerType as TraderType, t.code), locale };
}
