/**
 * The sandbox bank: renders a bank's notification email from its template (bank-templates.ts) and
 * delivers it to a sandbox mailbox, which the poller then reads over real IMAP from the sandbox IMAP
 * server (imap-server.ts), started on 127.0.0.1:`config.sandboxImapPort` while the sandbox is on.
 * The demo and the tests call it in process. A sandbox mailbox's password is derived from the
 * platform's secret key and its user name, so a mailbox configured once still logs in after a restart.
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { EmailBank, EmailScope } from '@payops/contracts';
import type { AppContext } from '../../../platform/context.ts';
import { seal } from '../../../platform/secret-box.ts';
import { type Notification, templateOf } from '../bank-templates.ts';
import { type EmailMailbox, emailMailboxes } from '../email.schema.ts';
import { type SandboxImapServer, startImapServer } from './imap-server.ts';
import { SandboxMailStore } from './mail-store.ts';

interface SandboxMail {
  store: SandboxMailStore;
  server: Promise<SandboxImapServer> | null;
}

const byApp = new WeakMap<AppContext, SandboxMail>();

function sandboxOf(ctx: AppContext): SandboxMail {
  if (!ctx.config.sandbox) throw new Error('the sandbox bank exists only while the sandbox is on');
  let s = byApp.get(ctx);
  if (!s) {
    s = { store: new SandboxMailStore(), server: null };
    byApp.set(ctx, s);
  }
  return s;
}

export function sandboxMailboxPassword(ctx: AppContext, user: string): string {
  return createHmac('sha256', ctx.keys.secretKey)
    .update(`sandbox-mailbox:${user}`)
    .digest('hex')
    .slice(0, 24);
}

/** The sandbox IMAP server, started on first use; its port (config 0 = any free port, for tests). */
export async function sandboxImap(ctx: AppContext): Promise<{ host: string; port: number }> {
  const s = sandboxOf(ctx);
  s.server ??= startImapServer(
    ctx.config.sandboxImapPort,
    s.store,
    (user, password) => password === sandboxMailboxPassword(ctx, user),
  );
  return { host: '127.0.0.1', port: (await s.server).port };
}

/**
 * Whether a mailbox is the sandbox bank's (127.0.0.1 on the sandbox IMAP port, while the sandbox is
 * on): then its server is started if it is not yet, and the outbound guard lets it through.
 */
export async function sandboxServes(ctx: AppContext, host: string, port: number): Promise<boolean> {
  if (!ctx.config.sandbox || host !== '127.0.0.1') return false;
  const running = byApp.get(ctx)?.server;
  if (running) return (await running).port === port;
  if (port !== ctx.config.sandboxImapPort) return false;
  await sandboxImap(ctx);
  return true;
}

export async function stopSandboxImap(ctx: AppContext): Promise<void> {
  const s = byApp.get(ctx);
  const server = s?.server;
  if (!s || !server) return;
  s.server = null;
  await (await server).close();
}

/** RFC 2047 encoded word for non-ASCII header text. */
const word = (text: string) => `=?UTF-8?B?${Buffer.from(text, 'utf8').toString('base64')}?=`;

function encodeFrom(from: string): string {
  const m = /^"(.*)" <(.+)>$/.exec(from);
  return m ? `${word(m[1] ?? '')} <${m[2]}>` : from;
}

/** A plain-text email (UTF-8, base64), as a bank's mail server sends it. */
export function composeEmail(mail: { from: string; to: string; subject: string; text: string; date: Date }) {
  const body = Buffer.from(mail.text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
  return Buffer.from(
    [
      `From: ${encodeFrom(mail.from)}`,
      `To: ${mail.to}`,
      `Subject: ${word(mail.subject)}`,
      `Date: ${mail.date.toUTCString().replace('GMT', '+0000')}`,
      `Message-ID: <${randomUUID()}@sandbox-bank.payops>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      body,
      '',
    ].join('\r\n'),
    'utf8',
  );
}

/** The bank's notification of an incoming transfer, as an email (an .eml file's bytes). */
export function notificationEmail(bank: EmailBank, n: Notification, to: string, sent: Date): Buffer {
  return composeEmail({ ...templateOf(bank).render(n), to, date: sent });
}

/**
 * A mailbox of the platform's on the sandbox bank's IMAP server (this app's), for user `user`: what an
 * operator would add on the mailbox page, made directly by the demo and the browser tests.
 */
export async function addSandboxMailbox(
  ctx: AppContext,
  m: { name: string; bank: EmailBank; user: string; scope?: EmailScope },
): Promise<EmailMailbox> {
  const { host, port } = await sandboxImap(ctx);
  const [mb] = await ctx.db
    .insert(emailMailboxes)
    .values({
      name: m.name,
      bank: m.bank,
      host,
      port,
      tls: false,
      username: m.user,
      passwordEnc: seal(ctx.keys.secretKey, sandboxMailboxPassword(ctx, m.user)),
      folder: 'INBOX',
      ...(m.scope ? { scope: m.scope } : {}),
    })
    .returning();
  return mb!;
}

/** Delivers an email to the sandbox mailbox `user` (its next UID); starts the server if needed. */
export async function deliverToSandbox(ctx: AppContext, user: string, raw: Buffer): Promise<number> {
  await sandboxImap(ctx);
  return sandboxOf(ctx).store.deliver(user, raw, ctx.clock.now()).uid;
}

/** The sandbox bank notifies `user` of a transfer received. */
export function sendBankNotification(ctx: AppContext, user: string, bank: EmailBank, n: Notification) {
  return deliverToSandbox(
    ctx,
    user,
    notificationEmail(bank, n, `${user}@sandbox-bank.payops`, ctx.clock.now()),
  );
}
