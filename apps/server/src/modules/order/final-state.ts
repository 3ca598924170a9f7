/**
 * The moment an order reaches a final state (contracts DEPOSIT_FINAL_STATES / WITHDRAW_FINAL_STATES),
 * as an in-process event inside the transition's transaction: the transition effects emit it, and the
 * areas that must follow every final state (the merchant callbacks, later the report rollups) listen,
 * writing their rows in the same transaction, so an order never ends without them.
 */
import type { Tx } from '../../platform/ledger/index.ts';
import type { ChangePart } from '../../platform/transitions/index.ts';
import type { UsdtDepositOrder, UsdtWithdrawOrder } from '../chain/chain.schema.ts';
import type { DepositOrder, WithdrawOrder } from './schema.ts';

export type OrderFinal =
  | { family: 'deposit'; order: DepositOrder; from: string; at: Date }
  | { family: 'withdraw'; order: WithdrawOrder; from: string; at: Date }
  | { family: 'usdtDeposit'; order: UsdtDepositOrder; from: string; at: Date }
  | { family: 'usdtWithdraw'; order: UsdtWithdrawOrder; from: string; at: Date };

export type OrderFinalListener = (tx: Tx, event: OrderFinal) => Promise<void>;

/**
 * A listener's writes for an event said as parts of the transition's one statement (read-then-change):
 * [] when it writes nothing for the event, undefined when it cannot say them so (the transition then
 * takes the transaction's path, where the listener runs).
 */
export type SaidOrderFinal = (event: OrderFinal) => ChangePart[] | undefined;

const listeners: { listener: OrderFinalListener; said: SaidOrderFinal }[] = [];

/**
 * Registered once at start-up by the module that listens (its `index.ts`), with its SQL form. Answers
 * how to remove it: the list is the process's, and a test's own listener must not outlive its file
 * (one without a SQL form sends every later transition of the process down the transaction's path).
 */
export function onOrderFinal(listener: OrderFinalListener, said: SaidOrderFinal): () => void {
  if (!listeners.some((l) => l.listener === listener)) listeners.push({ listener, said });
  return () => {
    const at = listeners.findIndex((l) => l.listener === listener);
    if (at >= 0) listeners.splice(at, 1);
  };
}

/** Every listener's writes for the event as statement parts; undefined when one cannot say them. */
export function saidOrderFinal(event: OrderFinal): ChangePart[] | undefined {
  const parts: ChangePart[] = [];
  for (const { said } of listeners) {
    const own = said(event);
    if (!own) return undefined;
    parts.push(...own);
  }
  return parts;
}

/** Called by the effect of every transition into a final state, on the transition's transaction. */
export async function emitOrderFinal(tx: Tx, event: OrderFinal): Promise<void> {
  for (const { listener } of listeners) await listener(tx, event);
}
