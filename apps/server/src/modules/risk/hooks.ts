/**
 * Where the money flows call the risk service (one place per flow, so the checks are not scattered):
 * the merchant API's deposit and withdrawal creation, the USDT withdrawal's address, and the payout
 * job. A creation that checks inside its own transaction is wrapped in `createUnlessBlocked`; bank
 * email orders call `checkEmailOrder` when one is parsed or bound (modules/email).
 */
import type { FieldError, Locale, RiskKind } from '@payops/contracts';
import { type BlockRule, localText, orderTransferList, systemText } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { blacklistedAccount } from '../member/payment-accounts.ts';
import type { WithdrawOrder } from '../order/schema.ts';
import { checkOrder, RiskBlocked, type RiskDecision, type RiskSubject } from './check.ts';
import { type BlockContext, logBlock } from './service.ts';
import { maskedValue } from './values.ts';

export type Blocked = Extract<RiskDecision, { allow: false }>;

/** The merchant API body field a matched kind came from (the refusal names it). */
const FIELD_OF: Partial<Record<RiskKind, string>> = {
  card: 'accountNo',
  realName: 'accountName',
  member: 'memberAccount',
  mchMember: 'memberAccount',
  address: 'address',
};

const text = {
  field: { 'zh-CN': '已被风控拦截', 'en-US': 'is refused by risk control' },
  frozen: { 'zh-CN': '商户或会员已被临时冻结', 'en-US': 'the merchant or member is temporarily frozen' },
  memberFrozen: { 'zh-CN': '会员已被冻结', 'en-US': 'the member is frozen' },
  merchantFrozen: { 'zh-CN': '商户已被冻结，不能出款', 'en-US': 'the merchant is frozen and cannot pay out' },
} as const;

/** The merchant API's refusal detail: the field that matched, or what froze it. */
export function blockFields(d: Blocked, locale: Locale): FieldError[] {
  if (d.rule === 'memberList') return [{ field: 'memberAccount', message: text.memberFrozen[locale] }];
  if (d.rule === 'mchList') return [{ field: 'mchNo', message: text.merchantFrozen[locale] }];
  if (d.rule === 'credit_level' || d.rule === 'mchDailyLimit')
    return [{ field: 'amount', message: localText(d.reason, locale) }];
  if (d.rule === 'mchFrozenList')
    return [{ field: d.kind ? 'memberAccount' : 'mchNo', message: text.frozen[locale] }];
  const field = d.kind ? FIELD_OF[d.kind] : undefined;
  return field ? [{ field, message: text.field[locale] }] : [];
}

/** Checks outside an order transaction (no order to roll back) and logs a block. */
export async function checkAndLog(
  ctx: AppContext,
  subject: RiskSubject,
  where: Omit<BlockContext, 'direction' | 'merchantId'>,
): Promise<Blocked | null> {
  const d = await ctx.db.transaction((tx) => checkOrder(ctx, tx, subject));
  if (d.allow) return null;
  await logBlock(ctx, d, { ...where, direction: subject.direction, merchantId: subject.merchantId });
  return d;
}

/**
 * A USDT withdrawal's risk check (its payee address, the member, the merchant, the freezes), logged
 * when it blocks: the decision, or null.
 */
export async function usdtWithdrawBlocked(
  ctx: AppContext,
  s: {
    merchantId: number;
    mchNo: string;
    mchOrderNo: string;
    address: string;
    memberAccount?: string;
    ip: string;
  },
): Promise<Blocked | null> {
  return checkAndLog(
    ctx,
    {
      direction: 'withdraw',
      family: 'usdt',
      merchantId: s.merchantId,
      address: s.address,
      memberAccount: s.memberAccount,
      ip: s.ip,
    },
    { source: 'chain', mchNo: s.mchNo, mchOrderNo: s.mchOrderNo },
  );
}

/**
 * The payout job's last look before money leaves: a withdrawal approved before its card (or member)
 * was listed is detained (an operator releases or rejects it; rejecting returns the frozen amount),
 * never paid. true: it was stopped.
 */
export async function payoutBlocked(ctx: AppContext, order: WithdrawOrder): Promise<boolean> {
  const where = { source: 'payout', mchOrderNo: order.mchOrderNo, orderNo: order.orderNo } as const;
  const d =
    (await checkAndLog(
      ctx,
      {
        direction: 'withdraw',
        family: order.family,
        merchantId: order.merchantId,
        memberAccount: order.memberAccount,
        realName: order.accountName,
        cardNo: order.accountNo,
      },
      where,
    )) ?? (await payeeBlacklisted(ctx, order, where));
  if (!d) return false;
  await runSystemTransition(ctx, orderTransferList, 'detain', order.id, {
    reason: systemText(`riskHold.${d.rule as BlockRule}`, `#${d.entryId}`),
  });
  return true;
}

/** A payout to the member's account blacklisted on memberPaymentList since the order was placed, logged. */
async function payeeBlacklisted(
  ctx: AppContext,
  order: WithdrawOrder,
  where: Omit<BlockContext, 'direction' | 'merchantId'>,
): Promise<Blocked | null> {
  const id = await blacklistedAccount(ctx.db, { ...order, payType: 'bank_card' });
  if (id === null) return null;
  const d: Blocked = {
    allow: false,
    rule: 'memberPaymentList',
    entryId: id,
    kind: 'card',
    reason: '',
    subject: maskedValue('card', order.accountNo),
  };
  await logBlock(ctx, d, { ...where, direction: 'withdraw', merchantId: order.merchantId });
  return d;
}

/**
 * An order's creation whose transaction runs the risk check (`enforce`, so that a deposit's day sums
 * stay locked until the order is in them): a block rolled it back; it is logged and answered.
 */
export async function createUnlessBlocked<T>(
  ctx: AppContext,
  where: BlockContext,
  create: () => Promise<T>,
): Promise<T | { blocked: Blocked }> {
  try {
    return await create();
  } catch (e) {
    if (!(e instanceof RiskBlocked)) throw e;
    await logBlock(ctx, e.decision, where);
    return { blocked: e.decision };
  }
}

/**
 * Hook for bank email orders (modules/email): the payer a bank email names (and the member of the
 * match it would confirm) against the deposit lists, in the email's own transaction. On a block,
 * `refuse` stores the refused email order in that transaction and the block log row names it, so the
 * order and its block commit together (blackBlockEmailLog). Answers the block, or null.
 */
export async function checkEmailOrder(
  ctx: AppContext,
  tx: Tx,
  subject: RiskSubject,
  where: { mchNo?: string; orderNo?: string },
  refuse: (d: Blocked) => Promise<{ id: number } | null>,
): Promise<Blocked | null> {
  const d = await checkOrder(ctx, tx, subject);
  if (d.allow) return null;
  const order = await refuse(d);
  if (order)
    await logBlock(
      ctx,
      d,
      {
        source: 'email',
        direction: subject.direction,
        merchantId: subject.merchantId || null,
        ...where,
        emailOrderId: order.id,
      },
      tx,
    );
  return d;
}
