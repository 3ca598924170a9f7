/**
 * The level rules of P2P matching, the one source of truth the match engine obeys (risk levels'
 * credit_level.matchAllowed and macth_level.pairsWith; the match rules no longer carry levels).
 * With NO level definitions pairing is open (a fresh install still matches); once any level is
 * defined, `levelsMayPair` (levels.rules.ts) decides, and an undefined level pairs with nothing.
 *
 * The engine runs per deposit at hundreds a second, so the definitions are remembered per instance for
 * a few seconds (platform/instance-cache.ts) and dropped at once when this instance changes them
 * (`forgetPairingRules`, the level pages' afterChange); another instance sees a change within the TTL.
 */
import { asc } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { forget, remembered } from '../../platform/instance-cache.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { levelsMayPair, type PairingMember, type PairingRules } from './levels.rules.ts';
import { creditLevels, matchLevels } from './risk-levels.schema.ts';

export { levelsMayPair, type PairingMember, type PairingRules } from './levels.rules.ts';

type Db = AppContext['db'] | Tx;

export async function loadPairingRules(db: Db): Promise<PairingRules> {
  const credit = await db
    .select({ level: creditLevels.level, matchAllowed: creditLevels.matchAllowed })
    .from(creditLevels)
    .orderBy(asc(creditLevels.level));
  const match = await db
    .select({ level: matchLevels.level, pairsWith: matchLevels.pairsWith })
    .from(matchLevels)
    .orderBy(asc(matchLevels.level));
  return { credit, match };
}

const KEY = 'pairingRules';

/** The pairing rules, from this instance's short memory (instance-cache.ts) or loaded through `via`. */
export function pairingRules(ctx: AppContext, via: Db = ctx.db): Promise<PairingRules> {
  return remembered(ctx, KEY, () => loadPairingRules(via));
}

/** Drops the remembered rules after a level definition changed. */
export function forgetPairingRules(ctx: AppContext): void {
  forget(ctx, KEY);
}

export const pairingOpen = (rules: PairingRules) => rules.credit.length === 0 && rules.match.length === 0;

/**
 * The levels a payer's counterpart may have: null when pairing is open; otherwise the credit levels
 * that allow matching and the match levels that pair both ways with the payer's (both empty when the
 * payer may not match at all). Lets the engine filter candidates in its one SQL scan.
 */
export function pairableLevels(
  rules: PairingRules,
  payer: PairingMember,
): { credit: number[]; match: number[] } | null {
  if (pairingOpen(rules)) return null;
  const credit = rules.credit.filter((c) => c.matchAllowed).map((c) => c.level);
  const match = rules.match
    .map((r) => r.level)
    .filter((matchLevel) => levelsMayPair(rules, payer, { level: payer.level, matchLevel }));
  return credit.includes(payer.level) ? { credit, match } : { credit: [], match: [] };
}

/** Whether two members may pair (a manual match's check): open without definitions. */
export function mayPair(rules: PairingRules, a: PairingMember, b: PairingMember): boolean {
  return pairingOpen(rules) || levelsMayPair(rules, a, b);
}
