/** The risk operation records (financeRisk/operationRecordList): written in the change's own transaction. */

import { FREEZE_SCOPES, type FreezeScope, type RiskKind } from '@payops/contracts';
import type { Tx } from '../../platform/crud/index.ts';
import type { Actor } from '../../platform/transitions/hooks.ts';
import { riskOperationRecords } from './risk.schema.ts';
import { maskedValue } from './values.ts';

export interface RiskOperation {
  operation: 'add' | 'import' | 'lift' | 'expire' | 'freeze' | 'unfreeze';
  /** The resource touched: a list page's name or mchFrozenList. */
  target: string;
  targetId: number | null;
  merchantId?: number | null;
  /** An entry's kind, or a freeze's subject ('member' or 'merchant'): labelled by the page. */
  kind: string;
  /** The entry's value masked as its list shows it, or the frozen member's account. */
  summary: string;
  /** A freeze's switches (FREEZE_SCOPES), comma-separated. */
  freezes?: string;
  reason?: string;
}

/** What a list entry's operation record says of it: its merchant, kind and value as its list shows it. */
export function entrySubject(e: { merchantId: number | null; kind: string; value: string }) {
  return { merchantId: e.merchantId, kind: e.kind, summary: maskedValue(e.kind as RiskKind, e.value) };
}

/** What a freeze's operation record says of it: its merchant, subject, member and switches. */
export function freezeSubject(
  f: { merchantId: number; subjectType: string; memberAccount: string } & {
    [scope in FreezeScope]: boolean;
  },
) {
  const scopes = Object.keys(FREEZE_SCOPES) as FreezeScope[];
  return {
    merchantId: f.merchantId,
    kind: f.subjectType,
    summary: f.memberAccount,
    freezes: scopes.filter((s) => f[s]).join(','),
  };
}

export async function recordRiskOperation(tx: Tx, op: RiskOperation, actor: Actor, at: Date): Promise<void> {
  await tx.insert(riskOperationRecords).values({
    ...op,
    reason: op.reason ?? '',
    at,
    operatorId: actor.operatorId,
    actor: actor.username,
  });
}
