/**
 * Where a fired rule's subject is black-listed: the risk lists' `addListEntry` (branch h/risklists),
 * as a deposit black-list entry whose source is the rule, so the operator confirms or lifts it there.
 * Answers the entry's id (null if the subject is already listed).
 */
import type { Tx } from '../../platform/ledger/index.ts';

export interface AutoBlacklist {
  kind: 'member' | 'ip';
  value: string;
  /** The member's merchant (a member account is per merchant); null for an IP. */
  merchantId: number | null;
  /** The rule's name. */
  source: string;
  reason: string;
  at: Date;
}

export async function blacklistSubject(_tx: Tx, _entry: AutoBlacklist): Promise<number | null> {
  // Until the lists land: the firing is kept (risk_rule_hits) with its evidence, nothing listed.
  return null;
}
