/**
 * The match lifecycle's transition hooks (contracts match-lifecycle.ts): every way to `confirmed`
 * settles the piece (match-settle.ts) and every way to `timeout`/`cancelled` returns it to the pool,
 * both in the transition's transaction, then closes the orders whose pieces all ended.
 */
import { type ConfirmedBy, orderDepositList } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { EffectOutcome, TransitionHooks, TransitionStep } from '../../platform/transitions/index.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { manualCleared, manualRequest } from '../order/order-hooks.ts';
import { depositOrders } from '../order/schema.ts';
import type { Match } from './match.schema.ts';
import { closeOrders, returnToPool, settlePiece } from './match-settle.ts';

type Step = TransitionStep & { after: Match };

function confirming(ctx: AppContext, by: ConfirmedBy): TransitionHooks<unknown> {
  return {
    set: (s) => ({
      confirmedBy: by,
      confirmedAt: s.now,
      ...(s.body.reason ? { reason: s.body.reason } : {}),
    }),
    effect: async (step): Promise<EffectOutcome<unknown>> => {
      const s = step as Step;
      const entryId = await settlePiece(s.tx, s.after, s.actor, s.now);
      await closeOrders(ctx, s.tx, s.after);
      return { extra: { entryId, amount: s.after.amount, depositFee: s.after.depositFee } };
    },
  };
}

function returning(ctx: AppContext): TransitionHooks<unknown> {
  return {
    set: (s) => ({ reason: s.body.reason ?? String(s.before.manualReason ?? '') }),
    effect: async (step) => {
      const s = step as Step;
      await returnToPool(s.tx, s.after, s.now);
      await closeOrders(ctx, s.tx, s.after);
      return { extra: { returned: s.after.amount } };
    },
  };
}

export function matchHooks(ctx: AppContext): Record<string, TransitionHooks<unknown>> {
  return {
    // The payer's time starts at the approval: the same window the proposal was given.
    approveMatch: {
      set: (s) => {
        const b = s.before as { deadline: Date | null; createdAt: Date };
        const window = b.deadline ? b.deadline.getTime() - b.createdAt.getTime() : 15 * 60_000;
        return { manualBy: null, deadline: new Date(s.now.getTime() + window) };
      },
    },
    declineMatch: returning(ctx),
    // The voucher's columns and the new deadline come with the call (voucher.ts); the deposit is paid
    // with its first voucher.
    pay: {
      set: (s) => ({ paidAt: s.now }),
      effect: async (step) => {
        const s = step as Step;
        const [d] = await s.tx
          .execute<{ status: string }>(
            sql`SELECT status FROM ${depositOrders} WHERE id = ${s.after.depositOrderId}`,
          )
          .then((r) => r.rows);
        if (d?.status === 'pending_payment')
          await runSystemTransition(ctx, orderDepositList, 'matchPaid', s.after.depositOrderId, {
            tx: s.tx,
            values: { paidAt: s.now },
          });
        return undefined;
      },
    },
    confirm: confirming(ctx, 'receiver'),
    confirmEmail: confirming(ctx, 'email'),
    auditConfirm: confirming(ctx, 'operator'),
    resolveConfirm: confirming(ctx, 'operator'),
    approveManualSuccess: confirming(ctx, 'operator'),
    expire: returning(ctx),
    resolveCancel: returning(ctx),
    approveManualFail: returning(ctx),
    dispute: { set: (s) => ({ reason: s.body.reason ?? '' }) },
    manualSuccess: { set: manualRequest },
    manualFail: { set: manualRequest },
    declineManual: { set: manualCleared },
  };
}
