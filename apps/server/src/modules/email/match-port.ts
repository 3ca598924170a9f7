/**
 * What the email orders need of the match engine (modules/match): the waiting matches a notification
 * fits, and the confirmation of one by an email order. Wired to the engine once it lands.
 */
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import type { Notification } from './bank-templates.ts';

export async function findMatchCandidates(_tx: Tx, _n: Notification): Promise<number[]> {
  return [];
}

export async function confirmMatchByEmail(
  _ctx: AppContext,
  _tx: Tx,
  _matchId: number,
  _emailOrderId: number,
) {}
