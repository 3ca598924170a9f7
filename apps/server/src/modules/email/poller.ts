/**
 * The mailbox poller: every minute (pg-boss schedules at most once a minute), each enabled mailbox
 * is read over IMAP with imapflow, read-only: the messages after the last UID read (all of them when
 * the folder's UIDVALIDITY changed), each parsed (parse.ts) and stored as an email order (ingest.ts),
 * the last UID remembered after each. Safe to run twice: a message already stored is refused by its
 * Message-ID. A mailbox that cannot be read keeps its error on its row (emailConfigList) and never
 * stops the others.
 */
import dns from 'node:dns/promises';
import { eq } from 'drizzle-orm';
import { ImapFlow } from 'imapflow';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { blockedAddress } from '../../platform/outbound.ts';
import { open } from '../../platform/secret-box.ts';
import { type EmailMailbox, emailMailboxes } from './email.schema.ts';
import { ingestEmail } from './ingest.ts';
import { MAX_EMAIL_BYTES, parseEmail } from './parse.ts';
import { sandboxServes } from './sandbox/bank.ts';

/** Messages read per mailbox per run: the rest wait for the next run (a backlog never blocks a run). */
const BATCH = 200;
const TIMEOUT_MS = 15_000;

export interface PollReport {
  mailboxes: number;
  read: number;
  stored: number;
  duplicates: number;
  failed: number;
}

/**
 * The address to connect to: the sandbox's, or the host's public address (the outbound guard: a
 * typed host never reaches loopback, private or metadata addresses). The socket goes to the address
 * checked, not to a second lookup; TLS still verifies the host name.
 */
async function addressOf(ctx: AppContext, mb: EmailMailbox): Promise<string> {
  if (await sandboxServes(ctx, mb.host, mb.port)) return mb.host;
  const { address } = await dns.lookup(mb.host);
  const blocked = blockedAddress(address);
  if (blocked) throw new Error(`refused: ${mb.host} is a ${blocked} address`);
  return address;
}

async function readNew(ctx: AppContext, mb: EmailMailbox) {
  const client = new ImapFlow({
    host: await addressOf(ctx, mb),
    servername: mb.host,
    port: mb.port,
    secure: mb.tls,
    auth: { user: mb.username, pass: open(ctx.keys.secretKey, mb.passwordEnc) },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  // A dropped connection is reported by the awaited calls; this only keeps it from crashing the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const lock = await client.getMailboxLock(mb.folder, { readOnly: true });
    try {
      const box = client.mailbox;
      const uidValidity = box ? String(box.uidValidity) : '';
      const after = uidValidity === mb.uidValidity ? mb.lastUid : 0;
      const messages: { uid: number; raw: Buffer }[] = [];
      for await (const m of client.fetch(`${after + 1}:*`, { uid: true, source: true }, { uid: true })) {
        // `n:*` also answers the last message when none is newer (RFC 3501): skip what was read.
        if (m.uid > after && m.source) messages.push({ uid: m.uid, raw: m.source });
        if (messages.length >= BATCH) break;
      }
      return { uidValidity, messages: messages.sort((a, b) => a.uid - b.uid) };
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
}

export async function pollMailbox(ctx: AppContext, mb: EmailMailbox, report: PollReport): Promise<void> {
  report.mailboxes++;
  try {
    const { uidValidity, messages } = await readNew(ctx, mb);
    for (const m of messages) {
      report.read++;
      const parsed = await parseEmail(m.raw.subarray(0, MAX_EMAIL_BYTES + 1));
      const r = await ingestEmail(ctx, { parsed, source: 'imap', mailboxId: mb.id, scope: mb.scope });
      if (r.duplicate) report.duplicates++;
      else if (r.order.status === 'failed_parse') report.failed++;
      else report.stored++;
      await ctx.db
        .update(emailMailboxes)
        .set({ uidValidity, lastUid: m.uid })
        .where(eq(emailMailboxes.id, mb.id));
    }
    await ctx.db
      .update(emailMailboxes)
      .set({ uidValidity, lastPolledAt: ctx.clock.now(), lastError: null })
      .where(eq(emailMailboxes.id, mb.id));
  } catch (e) {
    const message = (e as { responseText?: string }).responseText ?? (e as Error).message ?? String(e);
    await ctx.db
      .update(emailMailboxes)
      .set({ lastPolledAt: ctx.clock.now(), lastError: message.slice(0, 500) })
      .where(eq(emailMailboxes.id, mb.id));
  }
}

/** Reads every enabled mailbox once. */
export async function pollMailboxes(ctx: AppContext): Promise<PollReport> {
  const report: PollReport = { mailboxes: 0, read: 0, stored: 0, duplicates: 0, failed: 0 };
  const boxes = await ctx.db.select().from(emailMailboxes).where(eq(emailMailboxes.status, 'on'));
  for (const mb of boxes) await pollMailbox(ctx, mb, report);
  return report;
}

export const emailPollJob = defineJob({
  name: 'email-poll',
  schedule: '* * * * *',
  retry: { limit: 1, delaySeconds: 20, backoff: false },
  handler: (ctx) => pollMailboxes(ctx),
});
