/**
 * Trying the ranked passages one after the other until an upstream accepts the order: each answer
 * feeds the passage's health, and every passage ends in the decision's candidate list (chosen, its
 * upstream error, or not tried), after the ones routing skipped. Without failover (the deposits'
 * DEPOSIT_FAILOVER switch off) only the first is tried; the rest are listed `failover_off`. Runs
 * outside any transaction: an upstream call must never hold a row lock or a connection.
 */
import {
  ErrorCode,
  type ResourceDef,
  type RouteCandidate,
  type RouteResult,
  systemText,
} from '@payops/contracts';
import { clientOf, insertRow } from '../../db/named-statement.ts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Executor } from '../../platform/ledger/accounts.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { accessOf, adapterFor } from './adapter.ts';
import { endpointsOf } from './endpoints.ts';
import { recordUpstreamError, recordUpstreamSuccess } from './health.ts';
import type { Direction, Ranked, Routing } from './routing.ts';
import { routingDecisions } from './schema.ts';
import { type ThirdPartyAccess, type UpstreamAdapter, UpstreamError } from './types.ts';

export interface Attempted<T> {
  chosen: { ranked: Ranked; answer: T } | null;
  candidates: RouteCandidate[];
  lastError: string | null;
}

const entry = (r: Ranked, verdict: RouteCandidate['verdict'], detail?: string): RouteCandidate => ({
  passageId: r.passage.id,
  name: r.passage.name,
  health: r.passage.health,
  weight: r.weight,
  verdict,
  ...(detail ? { detail } : {}),
});

export async function tryPassages<T>(
  ctx: AppContext,
  routing: Routing,
  call: (adapter: UpstreamAdapter, access: ThirdPartyAccess, ranked: Ranked) => Promise<T>,
  failover = true,
): Promise<Attempted<T>> {
  const tried: RouteCandidate[] = [];
  let lastError: string | null = null;
  for (const [i, r] of routing.ranked.entries()) {
    try {
      const access = accessOf(ctx, r.thirdParty, await endpointsOf(ctx, r.thirdParty));
      const answer = await call(adapterFor(r.thirdParty.interfaceType)!, access, r);
      await recordUpstreamSuccess(ctx, r.passage.id, r.passage.health, r.errors);
      tried.push(entry(r, 'chosen'), ...routing.ranked.slice(i + 1).map((x) => entry(x, 'not_tried')));
      return { chosen: { ranked: r, answer }, candidates: [...tried, ...routing.skipped], lastError };
    } catch (e) {
      const error =
        e instanceof UpstreamError ? e : new UpstreamError('http', `${r.thirdParty.code}: ${String(e)}`);
      lastError = error.message;
      if (error.countsAgainstHealth) await recordUpstreamError(ctx, r.passage.id, error.message);
      tried.push(entry(r, 'upstream_error', error.message));
      if (!failover) {
        tried.push(...routing.ranked.slice(i + 1).map((x) => entry(x, 'failover_off')));
        break;
      }
    }
  }
  return { chosen: null, candidates: [...tried, ...routing.skipped], lastError };
}

export interface Decision {
  orderNo: string;
  direction: Direction;
  merchantId: number;
  payType: string;
  amount: string;
  result: RouteResult;
  passageId: number | null;
  candidates: RouteCandidate[];
  upstreamError: string | null;
  at: Date;
}

/**
 * One row of order/recommendRecordList: its table and values, for a statement that writes it with
 * the order's change (runSystemTransition's `rows`) or for logDecision.
 */
export function decisionRow(d: Decision) {
  return {
    table: routingDecisions,
    values: {
      orderNo: d.orderNo,
      direction: d.direction,
      merchantId: d.merchantId,
      payType: d.payType,
      amount: d.amount,
      result: d.result,
      passageId: d.passageId,
      considered: d.candidates.length,
      candidates: d.candidates,
      upstreamError: d.upstreamError,
      createdAt: d.at,
    },
  };
}

/** The decision's row on its own, in the caller's transaction (with the order's change). */
export async function logDecision(tx: Executor, d: Decision): Promise<void> {
  const { table, values } = decisionRow(d);
  await insertRow(clientOf(tx), table, values);
}

/** The decision about an order, from what routing and the attempts found (result and passage to add). */
export function decisionOf(
  order: { orderNo: string; merchantId: number; payType: string; amount: string },
  direction: Direction,
  attempted: Attempted<unknown>,
  at: Date,
): Omit<Decision, 'result' | 'passageId'> {
  const { orderNo, merchantId, payType, amount } = order;
  const { candidates, lastError: upstreamError } = attempted;
  return { orderNo, direction, merchantId, payType, amount, candidates, upstreamError, at };
}

/** A refusal by a guarded transition: the record moved on meanwhile (a callback, an operator). */
export const isConflict = (e: unknown) => e instanceof AppError && e.code === ErrorCode.conflict;

/**
 * No passage took the order: the decision row and the failing transition (`fail`, `payFail`) with
 * the reason in one transaction; a record that moved on meanwhile is left as it is. The result.
 */
export async function failUnplaced(
  ctx: AppContext,
  decision: Omit<Decision, 'result' | 'passageId'>,
  routing: Routing,
  fail: { def: ResourceDef; name: string; id: number },
): Promise<RouteResult> {
  const result: RouteResult = routing.ranked.length ? 'all_failed' : 'no_passage';
  // The upstream's own message as it said it; else a system text, read in each reader's language.
  const skipped = routing.skipped[0]?.verdict;
  const failReason =
    result === 'all_failed'
      ? (decision.upstreamError ?? systemText('upstreamError'))
      : systemText(skipped ? `noPassage.${skipped}` : 'noPassage');
  await ctx.db.transaction(async (tx) => {
    await logDecision(tx, { ...decision, result, passageId: null });
    try {
      await tx.transaction((sp) =>
        runSystemTransition(ctx, fail.def, fail.name, fail.id, {
          reason: failReason.slice(0, 200),
          values: { failReason },
          tx: sp,
        }),
      );
    } catch (e) {
      if (!isConflict(e)) throw e;
    }
  });
  return result;
}
