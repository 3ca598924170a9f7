/**
 * The hook of the P2P matching engine (h/match): load the level rules once per matching run with
 * `loadPairingRules`, then ask `levelsMayPair(rules, a, b)` (levels.rules.ts) for each candidate pair of
 * members ({ level: members.level, matchLevel: members.match_level }). `levelLimits` gives a credit
 * level's single and daily amounts for the engine's amount checks.
 */
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import type { PairingRules } from './levels.rules.ts';
import { creditLevels, matchLevels } from './risk-levels.schema.ts';

export { levelsMayPair, type PairingMember, type PairingRules } from './levels.rules.ts';

export async function loadPairingRules(db: AppContext['db'] | Tx): Promise<PairingRules> {
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

/** A credit level's amount limits (decimal strings), or null when the level is not defined. */
export async function levelLimits(db: AppContext['db'] | Tx, level: number) {
  const [row] = await db
    .select({ singleLimit: creditLevels.singleLimit, dailyLimit: creditLevels.dailyLimit })
    .from(creditLevels)
    .where(eq(creditLevels.level, level));
  return row ?? null;
}
