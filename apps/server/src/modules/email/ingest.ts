/**
 * One parsed email -> one email order, in one transaction: a message already stored (same
 * Message-ID) writes nothing; a readable notification that fits exactly one waiting match confirms
 * it through the match engine (same transaction, so the order and the confirmation commit together
 * or not at all) and is stored `matched`; one that fits none or several is `unmatched` (the header
 * badge); an unreadable one is `failed_parse` with its reason; one whose payer the risk lists refuse
 * is `blocked` (email-risk.ts).
 */
import type { EmailScope } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { type EmailOrder, emailOrders } from './email.schema.ts';
import { emailBlocked } from './email-risk.ts';
import { MAILBOX_PORTS } from './mailbox-ports.ts';
import type { ParsedEmail } from './parse.ts';

export interface IngestInput {
  parsed: ParsedEmail;
  source: 'imap' | 'upload';
  mailboxId: number | null;
  /** The area the email belongs to (its mailbox's, or the upload page's): what it may confirm. */
  scope?: EmailScope;
  /** Runs in the same transaction after a new order is stored (an upload's operation-log row). */
  onStored?: (tx: Tx, order: EmailOrder) => Promise<void>;
}

export type IngestResult = { order: EmailOrder; duplicate: false } | { order: null; duplicate: true };

async function insertOnce(tx: Tx, values: typeof emailOrders.$inferInsert): Promise<EmailOrder | null> {
  const [row] = await tx.insert(emailOrders).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

type Base = Pick<
  typeof emailOrders.$inferInsert,
  'mailboxId' | 'source' | 'messageId' | 'bank' | 'subject' | 'createdAt' | 'scope'
>;

/** The order of one email, in the caller's transaction (null: its message was stored before). */
async function storeOrder(
  ctx: AppContext,
  tx: Tx,
  parsed: ParsedEmail,
  base: Base,
): Promise<EmailOrder | null> {
  const n = parsed.notification;
  if (!n || parsed.problem)
    return insertOnce(tx, { ...base, status: 'failed_parse', reason: parsed.problem ?? 'malformed' });
  const fields = { amount: n.amount, accountTail: n.accountTail, payerName: n.payerName, paidAt: n.paidAt };
  // Serialises orders of the same payee tail and amount: two emails never confirm one match.
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`email:${n.accountTail}:${n.amount}`}))`);
  const port = MAILBOX_PORTS[base.scope ?? 'matching'];
  const candidates = await port.candidates(tx, n);
  const [only] = candidates;
  const single = candidates.length === 1 ? (only ?? null) : null;
  // A listed payer's email is refused (stored blocked, with its block-log row), never confirms.
  let refused: EmailOrder | null = null;
  const store = async (v: Partial<typeof emailOrders.$inferInsert>) => {
    refused = await insertOnce(tx, { ...base, ...fields, status: 'blocked', ...v });
    return refused;
  };
  if (await emailBlocked(ctx, tx, n, port.riskOfCandidate ? single : null, store)) return refused;
  if (candidates.length !== 1 || only === undefined) {
    const reason = candidates.length === 0 ? 'noMatch' : 'several';
    return insertOnce(tx, { ...base, ...fields, status: 'unmatched', reason });
  }
  const stored = await insertOnce(tx, { ...base, ...fields, status: 'matched', [port.link]: only });
  if (stored) await port.confirm(ctx, tx, only, stored.id);
  return stored;
}

export async function ingestEmail(ctx: AppContext, input: IngestInput): Promise<IngestResult> {
  const { parsed, source, mailboxId } = input;
  const base: Base = {
    mailboxId,
    scope: input.scope ?? 'matching',
    source,
    messageId: parsed.messageId,
    bank: parsed.bank,
    subject: parsed.subject,
    createdAt: ctx.clock.now(),
  };
  const order = await ctx.db.transaction(async (tx) => {
    const stored = await storeOrder(ctx, tx, parsed, base);
    if (stored) await input.onStored?.(tx, stored);
    return stored;
  });
  return order ? { order, duplicate: false } : { order: null, duplicate: true };
}
