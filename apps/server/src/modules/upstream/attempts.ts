/**
 * Trying the ranked passages one after the other until an upstream accepts the order: each answer
 * feeds the passage's health, and every passage ends in the decision's candidate list (chosen, its
 * upstream error, or not tried), after the ones routing skipped. Runs outside any transaction: an
 * upstream call must never hold a row lock or a connection.
 */
import type { RouteCandidate, RouteResult } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { accessOf, adapterFor } from './adapter.ts';
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
): Promise<Attempted<T>> {
  const tried: RouteCandidate[] = [];
  let lastError: string | null = null;
  for (const [i, r] of routing.ranked.entries()) {
    try {
      const answer = await call(adapterFor(r.thirdParty.interfaceType)!, accessOf(ctx, r.thirdParty), r);
      await recordUpstreamSuccess(ctx, r.passage.id, r.passage.health);
      tried.push(entry(r, 'chosen'), ...routing.ranked.slice(i + 1).map((x) => entry(x, 'not_tried')));
      return { chosen: { ranked: r, answer }, candidates: [...tried, ...routing.skipped], lastError };
    } catch (e) {
      const error =
        e instanceof UpstreamError ? e : new UpstreamError('http', `${r.thirdParty.code}: ${String(e)}`);
      lastError = error.message;
      if (error.countsAgainstHealth) await recordUpstreamError(ctx, r.passage.id, error.message);
      tried.push(entry(r, 'upstream_error', error.message));
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

/** One row of order/recommendRecordList, in the caller's transaction (with the order's change). */
export async function logDecision(tx: Tx, d: Decision): Promise<void> {
  await tx.insert(routingDecisions).values({
    orderNo: d.orderNo,
    direction: d.direction,
    merchantId: d.merchantId,
    payType: d.payType as never,
    amount: d.amount,
    result: d.result,
    passageId: d.passageId,
    considered: d.candidates.length,
    candidates: d.candidates,
    upstreamError: d.upstreamError,
    createdAt: d.at,
  });
}

/** The decision's result when no passage took the order. */
export function failedResult(routing: Routing): RouteResult {
  return routing.ranked.length ? 'all_failed' : 'no_passage';
}
