/** The risk operation records (financeRisk/operationRecordList): written in the change's own transaction. */

import type { Tx } from '../../platform/crud/index.ts';
import type { Actor } from '../../platform/transitions/hooks.ts';
import { riskOperationRecords } from './risk.schema.ts';

export interface RiskOperation {
  operation: 'add' | 'import' | 'lift' | 'expire' | 'freeze' | 'unfreeze';
  /** The resource touched: a list page's name or mchFrozenList. */
  target: string;
  targetId: number | null;
  summary: string;
  reason?: string;
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
