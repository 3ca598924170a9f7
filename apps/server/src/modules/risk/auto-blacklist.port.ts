/**
 * Where a fired rule's subject is black-listed: the lists' `addListEntry` (service.ts), as an active
 * deposit black-list entry of source `rule` (the rule's name is the actor, `rule:<name>`, and starts the
 * reason, which carries the evidence). The
 * operator lifts it on the black-list page (its `lift` transition) or confirms the firing on the rule's
 * firings (riskRuleHits). Answers the entry's id, or null when the subject is already listed (an
 * operator's entry or another rule's): that refusal stays inside a savepoint, so the cancellation that
 * triggered the rule still commits.
 */
import { systemText } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { addListEntry } from './service.ts';

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

/** addListEntry needs the app's keys and clock; the order listener only has its transaction. */
let appCtx: AppContext | undefined;
export function useAutoBlacklistContext(ctx: AppContext): void {
  appCtx = ctx;
}

export async function blacklistSubject(tx: Tx, entry: AutoBlacklist): Promise<number | null> {
  if (!appCtx) throw new Error('risk-levels module not registered');
  const ctx = appCtx;
  try {
    return await tx.transaction(async (sp) => {
      const row = await addListEntry(
        ctx,
        sp,
        {
          list: 'deposit_black',
          kind: entry.kind,
          value: entry.value,
          merchantId: entry.merchantId,
          reason: entry.reason.length > 200 ? `${entry.reason.slice(0, 199)}…` : entry.reason,
          source: 'rule',
        },
        { operatorId: null, username: systemText('rule', entry.source), locale: 'zh-CN' },
      );
      return row.id;
    });
  } catch (e) {
    // Already listed (a 400 naming `value`): the firing is kept without a second entry.
    if (e instanceof AppError) return null;
    throw e;
  }
}
