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
