/**
 * Opening a wallet dispute and its stages (the wallet app's calls and the operator's): the market's
 * order goes `disputed` through the market's own service in the same transaction (unless a job
 * already escalated it), the case gets its stage deadline from the settings, and the evidence is
 * checked before anything is written. The seller's answer moves it to an operator; the SLA job marks
 * open cases past their deadline overdue.
 */
import { disputeOrderPage, type Locale } from '@payops/contracts';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { dec } from '../../platform/ledger/index.ts';
import { type Actor, runSystemTransition } from '../../platform/transitions/index.ts';
import { newRecordNo } from '../match/match-engine.ts';
import { openDispute, orderById, type TradeOrder } from '../trade/index.ts';
import { walletDisputes } from './dispute.schema.ts';
import { addEvidence, type EvidenceInput } from './dispute-evidence.ts';
import { readWalletSettings } from './wallet-settings.ts';

export type Opener = 'buyer' | 'seller' | 'operator';

const text = {
  notWallet: { 'zh-CN': '不是钱包会员的交易订单', 'en-US': "is not a wallet member's trade order" },
  notDisputable: {
    'zh-CN': '仅已付款或争议中的订单可申诉',
    'en-US': 'only a paid or disputed order can be disputed',
  },
  notParty: { 'zh-CN': '不是该订单的买家或卖家', 'en-US': 'is not the buyer or the seller of this order' },
  open: { 'zh-CN': '该订单已有未结的申诉', 'en-US': 'this order already has an open dispute' },
} as const;

export const minutesFrom = (now: Date, minutes: string) => new Date(now.getTime() + Number(minutes) * 60_000);

export interface OpenInput {
  orderId: number;
  by: Opener;
  /** The wallet member opening it (buyer or seller); none for an operator. */
  memberId?: number;
  reason: string;
  evidence?: readonly EvidenceInput[];
}

function checkParty(o: TradeOrder, input: OpenInput, locale: Locale) {
  if (o.buyerType !== 'wallet_member' && o.sellerType !== 'wallet_member')
    throw fieldError('orderId', text.notWallet[locale]);
  if (input.by === 'operator') return;
  const [type, id] = input.by === 'buyer' ? [o.buyerType, o.buyerId] : [o.sellerType, o.sellerId];
  if (type !== 'wallet_member' || id !== input.memberId) throw fieldError('memberId', text.notParty[locale]);
}

export async function openWalletDispute(ctx: AppContext, input: OpenInput, actor: Actor) {
  const locale = actor.locale;
  const settings = await readWalletSettings(ctx.db);
  return ctx.db.transaction(async (tx) => {
    const o = await orderById(tx, input.orderId);
    if (!o) throw fieldError('orderId', text.notWallet[locale]);
    checkParty(o, input, locale);
    if (o.status === 'paid') {
      const by =
        input.by === 'operator'
          ? undefined
          : { ownerType: 'wallet_member' as const, ownerId: input.memberId! };
      await openDispute(ctx, o.id, { reason: input.reason, ...(by ? { by } : {}) }, actor, tx);
    } else if (o.status !== 'disputed') throw fieldError('orderId', text.notDisputable[locale]);
    const now = ctx.clock.now();
    // The buyer's complaint waits for the seller's answer first; the seller's or an operator's goes
    // straight to an operator.
    const seller = input.by === 'buyer';
    const [row] = await tx
      .insert(walletDisputes)
      .values({
        disputeNo: newRecordNo('D', now),
        tradeOrderId: o.id,
        orderNo: o.orderNo,
        buyerCode: o.buyerCode,
        sellerCode: o.sellerCode,
        amount: o.amount,
        fiatAmount: o.fiatAmount,
        openedBy: input.by,
        reason: input.reason,
        status: seller ? 'awaiting_seller' : 'awaiting_operator',
        dueAt: minutesFrom(now, seller ? settings.sellerAnswerMinutes : settings.operatorDecideMinutes),
        needsApproval: dec(o.fiatAmount).gt(dec(settings.disputeApprovalAmount)),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(409, { fields: [{ field: 'orderId', message: text.open[locale] }] });
    if (input.evidence?.length)
      await addEvidence(ctx, tx, row.id, input.by, input.evidence, Number(settings.evidenceMaxKb), locale);
    return row;
  });
}

/** The seller answered in the app (with evidence, if any): the case goes to an operator's stage. */
export async function sellerAnswers(
  ctx: AppContext,
  disputeId: number,
  evidence: readonly EvidenceInput[],
  actor: Actor,
) {
  const settings = await readWalletSettings(ctx.db);
  return ctx.db.transaction(async (tx) => {
    if (evidence.length)
      await addEvidence(ctx, tx, disputeId, 'seller', evidence, Number(settings.evidenceMaxKb), actor.locale);
    return runSystemTransition(ctx, disputeOrderPage, 'answer', disputeId, {
      actor,
      tx,
      values: { dueAt: minutesFrom(ctx.clock.now(), settings.operatorDecideMinutes), overdue: false },
    });
  });
}

/** The SLA job: open cases past their stage's deadline become overdue (one guarded UPDATE). */
export async function markOverdue(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .update(walletDisputes)
    .set({ overdue: true, updatedAt: ctx.clock.now() })
    .where(
      and(
        ne(walletDisputes.status, 'resolved'),
        eq(walletDisputes.overdue, false),
        lt(walletDisputes.dueAt, ctx.clock.now()),
      ),
    )
    .returning({ id: walletDisputes.id });
  return rows.length;
}
