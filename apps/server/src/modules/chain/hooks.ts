/**
 * The USDT orders' transition hooks (contracts usdt-deposit.ts, usdt-withdraw.ts): the columns each
 * sets and the money each moves through order-ledger.ts (the USDT reference types), plus what every
 * transition of the two does: a deposit leaving the open states gives its address back to the pool,
 * and a final state is emitted to the order-final listeners (merchant callbacks, failure rollup).
 */
import {
  orderDepositListUSDT,
  orderTransferListUSDT,
  type ResourceDef,
  systemText,
  USDT_DEPOSIT_FINAL_STATES,
  USDT_DEPOSIT_OPEN_STATES,
  USDT_WITHDRAW_FINAL_STATES,
} from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { Dec, dec, decString, isZero } from '../../platform/ledger/index.ts';
import type { EffectOutcome, TransitionHooks, TransitionStep } from '../../platform/transitions/index.ts';
import { emitOrderFinal, type OrderFinal } from '../order/final-state.ts';
import { decidedBy, failedWith, finished } from '../order/order-hooks.ts';
import {
  creditDeposit,
  type PostOptions,
  releaseWithdrawal,
  settleWithdrawal,
} from '../order/order-ledger.ts';
import {
  type UsdtDepositOrder,
  type UsdtWithdrawOrder,
  usdtDepositOrders,
  usdtWithdrawOrders,
} from './chain.schema.ts';
import { releaseAddress } from './pool.ts';
import { Said } from './text.ts';

type Spec = Pick<TransitionHooks, 'set' | 'check'> & {
  effect?: (s: TransitionStep) => Promise<EffectOutcome<unknown> | undefined>;
};

const optsOf = (s: TransitionStep): PostOptions => ({
  operatorId: s.actor.operatorId,
  at: s.now,
  locale: s.actor.locale,
  note: s.body.reason,
});

/** Posts with `post`, keeps the entry on the order, answers the amounts for the history. */
function posting<O extends { id: number; amount: string; fee: string }>(
  table: PgTable,
  post: (s: TransitionStep, o: O) => Promise<number>,
) {
  return async (s: TransitionStep): Promise<EffectOutcome<unknown>> => {
    const o = s.after as unknown as O;
    const entryId = await post(s, o);
    await s.tx.execute(sql`UPDATE ${table} SET entry_id = ${entryId} WHERE id = ${o.id}`);
    return { extra: { entryId, amount: o.amount, fee: o.fee } };
  };
}

/** The actual USDT at the order's fixed rate (CNY, cut to 2 decimals), and the fee in proportion. */
export function actualCredit(o: Pick<UsdtDepositOrder, 'paidUsdt' | 'rate' | 'amount' | 'fee'>) {
  const credit = dec(o.paidUsdt).times(dec(o.rate)).round(2, Dec.roundDown);
  const fee = isZero(dec(o.amount))
    ? dec('0')
    : credit.times(dec(o.fee)).div(dec(o.amount)).round(2, Dec.roundDown);
  return { creditAmount: decString(credit), fee: decString(fee) };
}

const credit = posting<UsdtDepositOrder>(usdtDepositOrders, (s, o) =>
  creditDeposit(s.tx, { ...o, amount: o.creditAmount ?? o.amount }, optsOf(s), 'usdtDeposit'),
);

const depositSpecs: Record<string, Spec> = {
  confirm: { set: (s) => ({ ...finished(s), creditAmount: String(s.before.amount) }), effect: credit },
  expire: { set: (s) => ({ ...finished(s), failReason: systemText('timeout') }) },
  creditActual: {
    check: (s) => {
      if (isZero(dec(String(s.before.paidUsdt))))
        throw new Said('id', 'nothingReceived').toFieldError(s.actor.locale);
    },
    set: (s) => ({ manualBy: s.actor.operatorId, manualReason: s.body.reason ?? '' }),
  },
  approveCredit: {
    set: (s) => ({
      ...decidedBy(s),
      ...finished(s),
      ...actualCredit(s.before as unknown as UsdtDepositOrder),
    }),
    effect: credit,
  },
  declineCredit: { set: () => ({ manualBy: null }) },
  refund: {
    check: (s) => {
      if (isZero(dec(String(s.before.paidUsdt))))
        throw new Said('id', 'nothingReceived').toFieldError(s.actor.locale);
    },
    set: (s) => ({ manualReason: s.body.reason ?? '', refundTxHash: null }),
  },
  refundDone: { set: finished },
  ignore: { set: (s) => ({ ...decidedBy(s), ...finished(s), manualReason: s.body.reason ?? '' }) },
};

const settle = posting<UsdtWithdrawOrder>(usdtWithdrawOrders, (s, o) =>
  settleWithdrawal(s.tx, o, optsOf(s), 'usdtWithdraw'),
);
const release = posting<UsdtWithdrawOrder>(usdtWithdrawOrders, (s, o) =>
  releaseWithdrawal(s.tx, o, optsOf(s), 'usdtWithdraw'),
);

const withdrawSpecs: Record<string, Spec> = {
  approve: { set: decidedBy },
  reject: { set: (s) => ({ ...decidedBy(s), ...failedWith(s) }), effect: release },
  paySuccess: { set: finished, effect: settle },
  payFail: { set: failedWith, effect: release },
};

const OPEN: readonly string[] = USDT_DEPOSIT_OPEN_STATES;

function hooksOf(
  def: ResourceDef,
  family: 'usdtDeposit' | 'usdtWithdraw',
  specs: Record<string, Spec>,
  finals: readonly string[],
): Record<string, TransitionHooks<unknown>> {
  const hooks: Record<string, TransitionHooks<unknown>> = {};
  for (const name of Object.keys(def.lifecycle!.transitions)) {
    const spec = specs[name] ?? {};
    hooks[name] = {
      ...(spec.set ? { set: spec.set } : {}),
      ...(spec.check ? { check: spec.check } : {}),
      effect: async (step) => {
        const outcome = await spec.effect?.(step);
        const order = step.after as { status: string; address?: string; orderNo: string };
        if (
          family === 'usdtDeposit' &&
          OPEN.includes(String(step.before.status)) &&
          !OPEN.includes(order.status)
        )
          await releaseAddress(step.tx, order.address ?? '', order.orderNo, step.now);
        if (finals.includes(order.status))
          await emitOrderFinal(step.tx, {
            family,
            order,
            from: String(step.before.status),
            at: step.now,
          } as unknown as OrderFinal);
        return outcome;
      },
    };
  }
  return hooks;
}

export const usdtDepositHooks = () =>
  hooksOf(orderDepositListUSDT, 'usdtDeposit', depositSpecs, USDT_DEPOSIT_FINAL_STATES);
export const usdtWithdrawHooks = () =>
  hooksOf(orderTransferListUSDT, 'usdtWithdraw', withdrawSpecs, USDT_WITHDRAW_FINAL_STATES);
