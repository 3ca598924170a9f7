/**
 * Which kind of order a deposit or withdrawal is: normal (quoted in CNY), OTC (quoted in USDT, an OTC
 * desk) or ZHOTC (quoted in another currency of the exchange-rate table). Every family is booked in
 * CNY through the same lifecycle; otc-orders.ts has the OTC/ZHOTC pages.
 */
import type { Bilingual } from '../../lifecycle.ts';

export const ORDER_FAMILY_LABELS = {
  normal: ['普通', 'Normal'],
  otc: ['OTC', 'OTC'],
  zhotc: ['ZHOTC', 'ZHOTC'],
  // Matched (P2P): paid member to member through the match pool (resources/match).
  match: ['撮合', 'Matched'],
} as const satisfies Record<string, Bilingual>;
export const ORDER_FAMILIES = ['normal', 'otc', 'zhotc', 'match'] as const;
/** Every order's family, the chain's USDT orders ("virtual") included: the rollups, the callbacks. */
export const ANY_ORDER_FAMILY_LABELS = {
  ...ORDER_FAMILY_LABELS,
  usdt: ['虚拟币', 'Virtual (USDT)'],
} as const satisfies Record<string, Bilingual>;
export type OrderFamily = (typeof ORDER_FAMILIES)[number];

/** The OTC desk's currency; every other quoted currency is a ZHOTC order. */
export const OTC_CURRENCY = 'USDT';
export const familyOfCurrency = (currency: string): 'otc' | 'zhotc' =>
  currency === OTC_CURRENCY ? 'otc' : 'zhotc';

/** A matched order's own steps, run by the match engine (resources/match): other families never take them. */
export const MATCH_STEPS: readonly string[] = [
  'matchFound',
  'matchPaid',
  'matchSettled',
  'matchExpired',
  'matchCancelled',
  'enterPool',
  'leavePool',
  'finishPartly',
];
/** The states a matched order is in before it is matched or pooled: the normal steps still apply. */
export const BEFORE_MATCHING: readonly string[] = ['created', 'in_review', 'detained'];

/**
 * Whether an order of its family takes a step in its state: a matched order's money moves per match
 * (match-settle.ts on the server), so a normal order's money-moving step (a receipt audit, a refund, a
 * manual success, a payout) would move it twice; it takes the normal steps only before it is matched
 * or pooled, and only matched orders take the match steps. The web shows the buttons this allows, the
 * server (family-guard.ts) refuses the rest.
 */
export function familyTakes(transition: string, row: Record<string, unknown>): boolean {
  const matched = row.family === 'match';
  if (MATCH_STEPS.includes(transition)) return matched;
  return !matched || BEFORE_MATCHING.includes(String(row.status));
}
