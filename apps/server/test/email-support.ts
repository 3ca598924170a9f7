/** Helpers of the email-order tests: a sandbox mailbox configured through the API, an .eml upload. */
import { expect } from 'vitest';
import { sandboxImap, sandboxMailboxPassword } from '../src/modules/email/sandbox/bank.ts';
import { type Answer, call, type Session, type TestApp } from './harness.ts';

/** Adds a mailbox on the sandbox bank's IMAP server through emailConfigList's add; its id. */
export async function addSandboxMailbox(t: TestApp, admin: Session, user: string, bank: string) {
  const { host, port } = await sandboxImap(t.ctx);
  const res = await call<{ id: number }>(t, 'POST', '/api/merchant/emailConfig/add', {
    session: admin,
    body: {
      name: `${bank} ${user}`,
      bank,
      host,
      port,
      tls: false,
      username: user,
      password: sandboxMailboxPassword(t.ctx, user),
      folder: 'INBOX',
      status: 'on',
    },
  });
  expect(res.envelope.code, res.body).toBe(0);
  return Number(res.envelope.data.id);
}

/** POSTs an .eml file (and optionally a mailbox) as multipart/form-data, as the upload dialog does. */
export async function uploadEml(
  t: TestApp,
  admin: Session,
  eml: Buffer,
  opts: { mailboxId?: number; en?: boolean; name?: string } = {},
): Promise<Answer<{ id: number; status: string; matchId: number | null; reason: string | null }>> {
  const boundary = `----payops${Date.now()}`;
  const parts: Buffer[] = [];
  if (opts.mailboxId !== undefined)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="mailboxId"\r\n\r\n${opts.mailboxId}\r\n`,
      ),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${opts.name ?? 'notice.eml'}"\r\nContent-Type: message/rfc822\r\n\r\n`,
    ),
    eml,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return call(t, 'POST', '/api/pay/emailOrder/upload', {
    session: admin,
    body: Buffer.concat(parts),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...(opts.en ? { 'accept-language': 'en-US' } : {}),
    },
  });
}
