/**
 * What a dispute's ruling does, in the transition's own transaction: the market's resolution of the
 * trade order (completed: coins to the buyer; cancelled: released to the seller) and, for a split,
 * then the entered amount moved from the seller to the buyer through the ledger. A direct ruling does
 * it at once; a proposal (above the approval amount) records it and the checker's approval does it.
 */
import { type DisputeResolution, type Locale, RULING_OF } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { TransitionHooks, TransitionStep } from '../../platform/transitions/index.ts';
import { orderById, resolveDispute } from '../trade/index.ts';
import { type WalletDispute, walletDisputes } from './dispute.schema.ts';
import { minutesFrom } from './dispute.service.ts';
import { coinAccountOf, dec, LedgerError, ledgerAppError, postEntry, type Tx } from './dispute-ledger.ts';
import { readWalletSettings } from './wallet-settings.ts';

const text = {
  approval: {
    'zh-CN': ['金额超过复核线，请提交裁决提议由另一名客服复核', '金额未超过复核线，请直接裁决'],
    'en-US': [
      'is above the approval amount: propose the ruling for another operator to approve',
      'is below the approval amount: rule directly',
    ],
  },
  split: {
    'zh-CN': '须大于0且小于订单数量{amount}',
    'en-US': 'must be above 0 and below the order amount {amount}',
  },
} as const;

function checkSplit(d: WalletDispute, amount: string | undefined, locale: Locale) {
  if (amount === undefined || dec(amount).lte('0') || dec(amount).gte(dec(d.amount)))
    throw fieldError('amount', text.split[locale].replace('{amount}', d.amount));
}

/** Carries out a ruling on the dispute's trade order. */
async function carryOut(
  ctx: AppContext,
  s: TransitionStep,
  d: WalletDispute,
  r: DisputeResolution,
  reason: string,
) {
  const actor = s.actor;
  const why = `${d.disputeNo}: ${reason}`;
  const outcome = await resolveDispute(
    ctx,
    d.tradeOrderId,
    r === 'release_buyer' ? 'completed' : 'cancelled',
    why,
    actor,
    s.tx,
  );
  if (r !== 'split') return { extra: { resolution: r, orderStatus: outcome.after.status } };
  const o = (await orderById(s.tx, d.tradeOrderId))!;
  const amount = d.splitAmount!;
  const seller = await coinAccountOf(s.tx, o, 'seller');
  const buyer = await coinAccountOf(s.tx, o, 'buyer');
  try {
    const { entryId } = await postEntry(s.tx, {
      kind: 'trade',
      event: 'dispute_split',
      refType: 'wallet_dispute',
      refId: d.disputeNo,
      operatorId: actor.operatorId,
      note: why,
      at: s.now,
      legs: [
        { accountId: seller.id, amount: `-${amount}` },
        { accountId: buyer.id, amount },
      ],
    });
    return { extra: { resolution: r, splitAmount: amount, entryId } };
  } catch (e) {
    if (e instanceof LedgerError) throw ledgerAppError(e, actor.locale, 'amount');
    throw e;
  }
}

export function disputeHooks(ctx: AppContext): Record<string, TransitionHooks<unknown>> {
  const hooks: Record<string, TransitionHooks<unknown>> = {};
  for (const [name, r] of Object.entries(RULING_OF)) {
    const direct = !name.startsWith('propose');
    hooks[name] = {
      check: ({ before, body, actor }) => {
        const d = before as unknown as WalletDispute;
        // The definition's `when` hides the button; the server refuses the call too.
        if (d.needsApproval === direct) throw fieldError('id', text.approval[actor.locale][direct ? 0 : 1]);
        if (r === 'split') checkSplit(d, body.amount, actor.locale);
      },
      set: ({ actor, now, body }) => ({
        resolution: r,
        splitAmount: r === 'split' ? body.amount : null,
        overdue: false,
        ...(direct ? { decidedBy: actor.operatorId, resolvedAt: now } : { proposedBy: actor.operatorId }),
      }),
      ...(direct
        ? {
            effect: (s: TransitionStep) =>
              carryOut(ctx, s, s.after as unknown as WalletDispute, r, s.body.reason ?? ''),
          }
        : {}),
    };
  }
  hooks.approve = {
    set: ({ actor, now }) => ({ decidedBy: actor.operatorId, resolvedAt: now, overdue: false }),
    effect: (s) => {
      const d = s.after as unknown as WalletDispute;
      return carryOut(ctx, s, d, d.resolution!, 'approved');
    },
  };
  // The checker disagrees: the operator's stage starts again, with its full time.
  hooks.decline = {
    set: () => ({ resolution: null, splitAmount: null, proposedBy: null, overdue: false }),
    effect: async (s) => {
      const settings = await readWalletSettings(s.tx);
      const dueAt = minutesFrom(s.now, settings.operatorDecideMinutes);
      await s.tx
        .update(walletDisputes)
        .set({ dueAt })
        .where(eq(walletDisputes.id, Number(s.after.id)));
      return { extra: { dueAt } };
    },
  };
  return hooks;
}

export type { Tx };
