/**
 * What each area's email orders confirm (the `scope` of a mailbox and of its orders): the matching's
 * waiting matches (match-port.ts) or the wallet's trade orders awaiting payment (modules/wallet's
 * port). The ingest, the poller and the routes are the same for both; only this port differs.
 */
import type { EmailScope } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { walletEmailPort } from '../wallet/wallet-email-port.ts';
import type { Notification } from './bank-templates.ts';
import { confirmMatchByEmail, findMatchCandidates } from './match-port.ts';

export interface MailboxPort {
  /** The email order's column naming what it confirmed. */
  link: 'matchId' | 'tradeOrderId';
  /** The records a notification fits, locked (at most a few). */
  candidates(tx: Tx, n: Notification): Promise<number[]>;
  /** Confirms the only candidate by the stored email order, in the caller's transaction. */
  confirm(ctx: AppContext, tx: Tx, id: number, emailOrderId: number): Promise<unknown>;
  /** Whether the risk check looks at the candidate's match side (the matching's), or only the payer. */
  riskOfCandidate: boolean;
}

export const MAILBOX_PORTS: Record<EmailScope, MailboxPort> = {
  matching: {
    link: 'matchId',
    candidates: findMatchCandidates,
    confirm: (ctx, tx, id, emailOrderId) => confirmMatchByEmail(ctx, tx, id, emailOrderId),
    riskOfCandidate: true,
  },
  wallet: walletEmailPort,
};
