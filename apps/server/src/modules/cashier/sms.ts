/**
 * Sending SMS: one interface, so a real provider is one more adapter. The sandbox adapter (SANDBOX=1:
 * tests, the demo) "delivers" into the sandbox outbox table, the members' phones, read by tests and
 * the demo. Sending happens in the caller's transaction: the outbox row commits with the code's row
 * or not at all. A real provider's adapter would write an outbox row the same way and a job would
 * hand it to the provider after the commit (never a network call under a row lock).
 */
import { ErrorCode } from '@payops/contracts';
import { desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { Executor, Tx } from '../../platform/ledger/index.ts';
import { sandboxSmsOutbox } from './cashier.schema.ts';

export interface SmsMessage {
  phone: string;
  text: string;
}

export interface SmsSender {
  send(tx: Tx, message: SmsMessage, now: Date): Promise<void>;
}

export const sandboxSmsSender: SmsSender = {
  async send(tx, message, now) {
    await tx.insert(sandboxSmsOutbox).values({ phone: message.phone, text: message.text, at: now });
  },
};

/** Without the sandbox and without a provider configured, a send is refused (503), never faked. */
const noProvider: SmsSender = {
  async send() {
    throw new AppError(ErrorCode.unavailable);
  },
};

export function smsSenderOf(ctx: AppContext): SmsSender {
  return ctx.config.sandbox ? sandboxSmsSender : noProvider;
}

/** The newest messages the sandbox delivered to a phone (tests, the demo). */
export function sandboxInbox(db: Executor, phone: string, limit = 10) {
  return db
    .select()
    .from(sandboxSmsOutbox)
    .where(eq(sandboxSmsOutbox.phone, phone))
    .orderBy(desc(sandboxSmsOutbox.id))
    .limit(limit);
}

/** The one-time code in a counter-payment message for `paymentNo` (tests, the demo). */
export async function sandboxCodeFor(db: Executor, phone: string, paymentNo: string): Promise<string | null> {
  for (const m of await sandboxInbox(db, phone)) {
    if (m.text.includes(paymentNo)) return /\b(\d{6})\b/.exec(m.text)?.[1] ?? null;
  }
  return null;
}
