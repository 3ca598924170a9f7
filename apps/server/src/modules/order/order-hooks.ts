/**
 * What every order transition does besides its own effect, in its transaction: the order_events row
 * (orderRecordPage, auditRecordList) and, when the order reaches a final state, `emitOrderFinal`
 * (the merchant callback and the reports listen). deposit-effects.ts and withdraw-effects.ts give the
 * per-transition parts; this wraps them so no transition can forget either.
 */
import {
  DEPOSIT_FINAL_STATES,
  ORDER_DECISIONS,
  orderActionOf,
  type ResourceDef,
  WITHDRAW_FINAL_STATES,
} from '@payops/contracts';
import { and, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { clientOf, NamedStatement } from '../../db/named-statement.ts';
import type { Row } from '../../platform/crud/index.ts';
import type {
  EffectOutcome,
  StatementPart,
  TransitionHooks,
  TransitionStep,
} from '../../platform/transitions/index.ts';
import { checkOrderFamily, familyCondition } from '../match/family-guard.ts';
import { emitOrderFinal, type OrderFinal, saidOrderFinal } from './final-state.ts';
import { type OrderEntryMaker, postOrderEntry } from './order-ledger.ts';
import {
  type DepositOrder,
  depositOrders,
  orderEvents,
  type WithdrawOrder,
  withdrawOrders,
} from './schema.ts';

export type OrderFamily = 'deposit' | 'withdraw';

const FINAL: Record<OrderFamily, readonly string[]> = {
  deposit: DEPOSIT_FINAL_STATES,
  withdraw: WITHDRAW_FINAL_STATES,
};
const DECISIONS: readonly string[] = ORDER_DECISIONS;

export type OrderStep<O> = Omit<TransitionStep, 'after'> & { after: O };

export interface OrderTransitionSpec<O> {
  set?: TransitionHooks['set'];
  /** Columns that the row before does not decide (a time, the operator): they keep one statement. */
  values?: TransitionHooks['values'];
  check?: TransitionHooks['check'];
  effect?: (step: OrderStep<O>) => Promise<EffectOutcome<unknown> | undefined>;
  /** Where `effect` has nothing to do (SQL on the row before): there the transition is one statement. */
  idleWhere?: SQL;
}

/**
 * Effects made by postingEffect, with their entry's maker: their transition's guarded UPDATE draws
 * the entry's id (orderHooks), and a read-then-change `prepare` makes the same entry (orderHooks).
 */
const postings = new WeakMap<object, OrderEntryMaker<never>>();
/** The journal entry's id, drawn by the guarded UPDATE that keeps it on the order. */
const NEXT_ENTRY_ID = sql`nextval('ledger_entry_seq')`;

/**
 * postingEffect's `extra` when the UPDATE drew the entry id, said in SQL over the updated row (the
 * status-history row is then written by the change's statement: run.ts historyExtra).
 */
const POSTING_EXTRA = {
  entryId: sql`upd.entry_id`,
  amount: sql`upd.amount::text`,
  fee: sql`upd.fee::text`,
};

/** The order's columns an entry is made from (a prepared entry is posted only where they are unchanged). */
const ENTRY_COLUMNS = ['merchantId', 'mchNo', 'orderNo', 'currency', 'amount', 'fee'];

/** An effect's opts for the order's posting: the step's actor, time and reason. */
const postOptions = (s: Pick<TransitionStep, 'actor' | 'now' | 'body'>, entryId?: number) => ({
  operatorId: s.actor.operatorId,
  at: s.now,
  locale: s.actor.locale,
  note: s.body.reason,
  ...(entryId ? { entryId } : {}),
});

/**
 * An effect that posts the order's money (the actor and time of the step) and keeps the entry on the
 * order (`entry_id`), answering the amounts for the status history and the audit row. Its transition's
 * guarded UPDATE draws the entry's id and keeps it on the order (orderHooks): the order row is written
 * once, not a second time for the entry; wrapped in another effect, it writes `entry_id` itself.
 */
export function postingEffect<O extends DepositOrder | WithdrawOrder>(
  table: PgTable,
  make: OrderEntryMaker<O>,
) {
  const effect = async (s: OrderStep<O>): Promise<EffectOutcome<unknown>> => {
    const drawn = s.after.entryId !== null && s.after.entryId !== s.before.entryId;
    const post = async (entryId?: number) =>
      postOrderEntry(s.tx, await make(s.tx, s.after, postOptions(s, entryId)), s.actor.locale);
    // As POSTING_EXTRA says it in SQL (the amounts as the database writes them).
    const extra = (entryId: number) => ({ entryId, amount: s.after.amount, fee: s.after.fee });
    if (drawn) {
      // The entry's id is known: the posting, which locks the merchant's balance row (every order of
      // the merchant waits for it), is the transaction's last write (run.ts EffectOutcome.last).
      const entryId = Number(s.after.entryId);
      return { extra: extra(entryId), last: async () => void (await post(entryId)) };
    }
    const entryId = await post();
    await s.tx.execute(sql`UPDATE ${table} SET entry_id = ${entryId} WHERE id = ${s.after.id}`);
    return { extra: extra(entryId) };
  };
  postings.set(effect, make as OrderEntryMaker<never>);
  return effect;
}

/**
 * A posting transition's effect as a read-then-change `prepare` (run.ts): the same entry, extra and
 * final-state rows as `effect` writes, made from the row read; null where a final-state listener
 * cannot say its rows in SQL (the transaction's path then runs the effect).
 */
function preparedPosting<O extends DepositOrder | WithdrawOrder>(
  family: OrderFamily,
  make: OrderEntryMaker<O>,
  ends: boolean,
): NonNullable<TransitionHooks['prepare']> {
  return async (s) => {
    const order = { ...s.after, entryId: s.entryId } as unknown as O;
    const final = { family, order, from: String(s.before.status), at: s.now } as OrderFinal;
    const parts = ends ? saidOrderFinal(final) : [];
    if (!parts) return null;
    const made = await make(s.ctx.db, order, postOptions(s, s.entryId));
    return {
      set: { entryId: s.entryId },
      entry: made.entry,
      extra: { entryId: s.entryId, amount: order.amount, fee: order.fee },
      unchanged: ENTRY_COLUMNS,
      parts,
    };
  };
}

type SetStep = Parameters<NonNullable<TransitionHooks['set']>>[0];

/** An order that ends: when. */
export const finished = (s: SetStep) => ({ finishedAt: s.now });

/** An order that ends failed or refused: when, and the operator's or the upstream's reason. */
export const failedWith = (s: SetStep) => ({ finishedAt: s.now, failReason: s.body.reason ?? '' });

/** A manual decision's request: the maker (who may not approve it), the state it leaves, why. */
export const manualRequest = (s: SetStep) => ({
  manualBy: s.actor.operatorId,
  manualFrom: s.before.status,
  manualReason: s.body.reason ?? '',
});

/** The checker declined: the order is back where it was (the transition's `back`), the request gone. */
export const manualCleared = () => ({ manualBy: null, manualFrom: null });

/** The operator columns of a decision (who and when), for the `set` hooks. */
export function decidedBy(step: { actor: TransitionStep['actor']; now: Date }): Row {
  return { reviewedBy: step.actor.operatorId, reviewedByName: step.actor.username, reviewedAt: step.now };
}

/** The order_events INSERT, built once and prepared by name (it runs in every order transition). */
let eventInsert: NamedStatement | undefined;

async function recordEvent(family: OrderFamily, step: TransitionStep): Promise<void> {
  const o = step.after as unknown as DepositOrder | WithdrawOrder;
  const name = step.transition.name;
  eventInsert ??= new NamedStatement(
    'payops_order_event',
    step.tx.insert(orderEvents).values(
      Object.fromEntries(
        Object.keys(getTableColumns(orderEvents))
          .filter((k) => k !== 'id')
          .map((k) => [k, sql.placeholder(k)]),
      ) as never,
    ),
  );
  await eventInsert.arrays(
    clientOf(step.tx),
    orderEventRow(family, name, o, String(step.before.status), step),
  );
}

/** An order_events row's columns that the order does not give: the step's (who, why, when). */
function eventOfStep(
  family: OrderFamily,
  transition: string,
  step: Pick<TransitionStep, 'actor' | 'body' | 'now'>,
) {
  return {
    family,
    action: orderActionOf(family, transition),
    decision: DECISIONS.includes(transition),
    operatorId: step.actor.operatorId,
    operatorName: step.actor.username,
    reason: step.body.reason ?? '',
    at: step.now,
  };
}

/** An order transition's order_events row (its values; a statement of the caller's may write it). */
export function orderEventRow(
  family: OrderFamily,
  transition: string,
  o: Pick<DepositOrder | WithdrawOrder, 'id' | 'orderNo' | 'mchNo' | 'amount' | 'status'>,
  fromStatus: string,
  step: Pick<TransitionStep, 'actor' | 'body' | 'now'>,
) {
  return {
    ...eventOfStep(family, transition, step),
    orderId: o.id,
    orderNo: o.orderNo,
    mchNo: o.mchNo,
    amount: o.amount,
    fromStatus,
    toStatus: o.status,
  } satisfies Omit<typeof orderEvents.$inferInsert, 'id'>;
}

/** A posting transition's columns (its `set` or its `values`): its own, and the entry id its effect will post under. */
function withEntryId<S>(columns: ((step: S) => Row) | undefined): (step: S) => Row {
  return (s) => ({ ...columns?.(s), entryId: NEXT_ENTRY_ID });
}

/** The order_events columns the one statement takes from the updated row (`upd`): orderEventRow's others. */
const EVENT_FROM_ROW: Record<string, SQL> = {
  orderId: sql`upd.id`,
  orderNo: sql`upd.order_no`,
  mchNo: sql`upd.mch_no`,
  amount: sql`upd.amount`,
  fromStatus: sql`upd.old_status`,
  toStatus: sql`upd.status`,
};

/**
 * A transition's check and effect in its one statement (run.ts StatementPart): the family guard and
 * `idleWhere` as its condition, the order_events row (orderEventRow's) as a row written with it.
 */
function eventStatement(family: OrderFamily, transition: string, idleWhere?: SQL): StatementPart {
  const table = family === 'deposit' ? depositOrders : withdrawOrders;
  return { where: and(familyCondition(transition, table), idleWhere), rows: eventRows(family, transition) };
}

/** The order_events row as a row written with the change (orderEventRow's values). */
function eventRows(family: OrderFamily, transition: string): StatementPart['rows'] {
  return [
    { table: orderEvents, values: (s) => eventOfStep(family, transition, s), computed: EVENT_FROM_ROW },
  ];
}

/**
 * Hooks for every transition of `def`'s lifecycle, each wrapping its spec (if any). A transition with
 * no check or `set` of its own, whose effect is idle somewhere (or none) and that does not end the
 * order (the final-state emit) also says itself as one statement (eventStatement).
 */
export function orderHooks<O extends DepositOrder | WithdrawOrder>(
  family: OrderFamily,
  def: ResourceDef,
  specs: Record<string, OrderTransitionSpec<O>>,
): Record<string, TransitionHooks<unknown>> {
  const hooks: Record<string, TransitionHooks<unknown>> = {};
  const table = family === 'deposit' ? depositOrders : withdrawOrders;
  for (const name of Object.keys(def.lifecycle!.transitions)) {
    const spec = specs[name] ?? {};
    // A posting transition draws its entry id with the change: in `set` if it has one, else in `values`.
    const make = spec.effect && postings.get(spec.effect);
    const set = make && spec.set ? withEntryId(spec.set) : spec.set;
    const values = make && !spec.set ? withEntryId(spec.values) : spec.values;
    const ends = FINAL[family].includes(def.lifecycle!.transitions[name]!.to);
    const said = !spec.check && !set && (!spec.effect || spec.idleWhere) && !ends;
    hooks[name] = {
      ...(set ? { set } : {}),
      ...(values ? { values } : {}),
      ...(spec.check ? {} : { checkWhere: familyCondition(name, table) }),
      ...(said ? { statement: eventStatement(family, name, spec.idleWhere) } : {}),
      // On the transaction's path the event is written by the change's own statement when it can be,
      // and the history row too when the effect's extra can be said there.
      rowsWithChange: eventRows(family, name),
      ...(!spec.effect ? { historyExtra: {} } : make && !set ? { historyExtra: POSTING_EXTRA } : {}),
      ...(make && !set ? { prepare: preparedPosting(family, make, ends) } : {}),
      // Matched orders' money moves per match: each family keeps to its own steps.
      check: async (step) => {
        checkOrderFamily(name, step.before, step.actor.locale);
        await spec.check?.(step);
      },
      effect: async (step) => {
        if (!step.rowsWritten) await recordEvent(family, step);
        const outcome = await spec.effect?.(step as unknown as OrderStep<O>);
        const order = step.after as unknown as O;
        if (FINAL[family].includes(order.status)) {
          await emitOrderFinal(step.tx, {
            family,
            order,
            from: String(step.before.status),
            at: step.now,
          } as OrderFinal);
        }
        return outcome;
      },
    };
  }
  return hooks;
}
