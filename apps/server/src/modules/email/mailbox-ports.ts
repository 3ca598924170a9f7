/**
 * What each area's email orders confirm (the `scope` of a mailbox and of its orders): the matching's
 * waiting matches (match-port.ts) or the wallet's trade orders awaiting payment (modules/wallet's
 * port). The ingest, the poller and the routes are the same for both; only this port differs.
 */
import type { EmailScope, Locale } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import type { Actor } from '../../platform/transitions/index.ts';
import { walletEmailPort } from '../wallet/wallet-email-port.ts';
import type { Notification } from './bank-templates.ts';
import type { EmailOrder } from './email.schema.ts';
import { confirmMatchByEmail, findMatchCandidates, matchBindRefusal } from './match-port.ts';

export interface MailboxPort {
  /** The email order's column naming what it confirmed. */
  link: 'matchId' | 'tradeOrderId';
  /** The records a notification fits, locked (at most a few). */
  candidates(tx: Tx, n: Notification): Promise<number[]>;
  /**
   * Confirms a record by the stored email order, in the caller's transaction: the only candidate
   * (by the platform), or the one an operator bound the email to (`actor`).
   */
  confirm(ctx: AppContext, tx: Tx, id: number, emailOrderId: number, actor?: Actor): Promise<unknown>;
  /** Whether the risk check looks at the candidate's match side (the matching's), or only the payer. */
  riskOfCandidate: boolean;
  /**
   * An operator's bind (email-bind.ts) of the email to record `id`, locked: null when the email may
   * confirm it (waiting, of the email's amount), else why not (in the operator's language).
   */
  bindRefusal(tx: Tx, id: number, email: Pick<EmailOrder, 'amount'>, locale: Locale): Promise<string | null>;
}

export const MAILBOX_PORTS: Record<EmailScope, MailboxPort> = {
  matching: {
    link: 'matchId',
    candidates: findMatchCandidates,
    confirm: (ctx, tx, id, emailOrderId, actor) => confirmMatchByEmail(ctx, tx, id, emailOrderId, actor),
    riskOfCandidate: true,
    bindRefusal: matchBindRefusal,
  },
  wallet: walletEmailPort,
};
