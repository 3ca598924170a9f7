/**
 * The rules of the level definitions: thresholds that may not overlap (a higher level needs strictly
 * more than every lower one, on every threshold), and which match levels may pair. Pure functions over
 * the rows, so the matching engine can load the definitions once and ask per candidate pair.
 */

import type { Locale } from '@payops/contracts';
import Big from 'big.js';
import { fieldError } from '../../platform/errors.ts';

export const say = (locale: Locale, zh: string, en: string) => (locale === 'zh-CN' ? zh : en);

export interface CreditLevelRow {
  id?: number;
  level: number;
  minDepositCount: number;
  minDepositAmount: string;
}

const THRESHOLDS = [
  { field: 'minDepositCount', zh: '30天成功充值笔数', en: 'deposits in 30 days' },
  { field: 'minDepositAmount', zh: '30天成功充值金额', en: 'amount deposited in 30 days' },
] as const;

/**
 * Refuses a level whose thresholds overlap another level's: with min-thresholds a member must land in
 * exactly one level, so thresholds rise strictly with the level. The error names the field and the
 * level it collides with.
 */
export function checkNoOverlap(row: CreditLevelRow, others: readonly CreditLevelRow[], locale: Locale): void {
  for (const o of others) {
    if (o.id !== undefined && o.id === row.id) continue;
    if (o.level === row.level)
      throw fieldError('level', say(locale, `等级 ${row.level} 已存在`, `Level ${row.level} already exists`));
    for (const t of THRESHOLDS) {
      const cmp = new Big(row[t.field]).cmp(new Big(o[t.field]));
      const overlaps = row.level > o.level ? cmp <= 0 : cmp >= 0;
      if (overlaps)
        throw fieldError(
          t.field,
          say(
            locale,
            `${t.zh}与等级 ${o.level} 的门槛(${o[t.field]})重叠：高等级的门槛必须更高`,
            `The ${t.en} overlaps level ${o.level}'s threshold (${o[t.field]}): a higher level needs a higher threshold`,
          ),
        );
    }
  }
}

/** The highest level whose thresholds the member's history meets (rows in any order); null if none. */
export function levelFor<R extends CreditLevelRow>(
  rows: readonly R[],
  history: { count: number; amount: string },
): R | null {
  let best: R | null = null;
  for (const r of rows)
    if (history.count >= r.minDepositCount && new Big(history.amount).gte(r.minDepositAmount))
      if (!best || r.level > best.level) best = r;
  return best;
}

/** `"1, 2,3"` -> [1, 2, 3]. */
export const parseLevels = (s: string) =>
  s
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

export interface PairingMember {
  /** Credit level (members.level). */
  level: number;
  matchLevel: number;
}

export interface PairingRules {
  credit: readonly { level: number; matchAllowed: boolean }[];
  match: readonly { level: number; pairsWith: string }[];
}

/**
 * Whether the matching engine may pair two members: both credit levels allow matching, and each match
 * level lists the other's (pairing is mutual, so one permissive side cannot pull in a forbidden one).
 * A level without a definition allows nothing: a missing rule never means "anything goes".
 */
export function levelsMayPair(rules: PairingRules, a: PairingMember, b: PairingMember): boolean {
  const allowed = (m: PairingMember) => rules.credit.find((c) => c.level === m.level)?.matchAllowed === true;
  const pairs = (x: PairingMember, y: PairingMember) => {
    const row = rules.match.find((r) => r.level === x.matchLevel);
    return row ? parseLevels(row.pairsWith).includes(y.matchLevel) : false;
  };
  return allowed(a) && allowed(b) && pairs(a, b) && pairs(b, a);
}
