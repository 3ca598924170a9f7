/**
 * A raw bank notification email (RFC 5322 bytes, from IMAP or an uploaded .eml) -> what it says:
 * mailparser decodes the MIME structure and charsets (GBK, quoted-printable, base64 are the banks'
 * usual), the sender's domain picks the bank template, and the template's patterns read the amount,
 * the account tail, the payer and the time. What cannot be read is a `problem` with a code (the
 * email order's reason, or the 400 of an upload), never a guess.
 */

import { createHash } from 'node:crypto';
import { CURRENCIES, type EmailBank } from '@payops/contracts';
import Big from 'big.js';
import { simpleParser } from 'mailparser';
import { cstTime, type Notification, templateForSender } from './bank-templates.ts';

export type ParseProblem = 'malformed' | 'unknownBank' | 'amount' | 'accountTail' | 'payerName' | 'paidAt';

export interface ParsedEmail {
  messageId: string;
  subject: string | null;
  bank: EmailBank | null;
  notification: Notification | null;
  problem: ParseProblem | null;
}

/** Largest email read (bank notifications are a few KB; an attachment-laden one is not ours). */
export const MAX_EMAIL_BYTES = 512 * 1024;

const MAX_AMOUNT = new Big('1e12');

function amountOf(text: string): string | null {
  const plain = text.replace(/,/g, '');
  try {
    const v = new Big(plain);
    if (v.lte(0) || v.gte(MAX_AMOUNT)) return null;
    return v.toFixed(CURRENCIES.CNY.scale);
  } catch {
    return null;
  }
}

/** The email's identity: its Message-ID, else a digest of its bytes (a resend is the same message). */
function identityOf(messageId: string | undefined, raw: Buffer): string {
  const id = messageId?.trim();
  if (id && id.length <= 500) return id;
  return `sha256:${createHash('sha256').update(raw).digest('hex')}`;
}

function failed(messageId: string, subject: string | null, bank: EmailBank | null, problem: ParseProblem) {
  return { messageId, subject, bank, notification: null, problem };
}

export async function parseEmail(raw: Buffer): Promise<ParsedEmail> {
  const digestId = identityOf(undefined, raw);
  if (raw.length === 0 || raw.length > MAX_EMAIL_BYTES) return failed(digestId, null, null, 'malformed');
  let mail: Awaited<ReturnType<typeof simpleParser>>;
  try {
    mail = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  } catch {
    return failed(digestId, null, null, 'malformed');
  }
  const messageId = identityOf(mail.messageId, raw);
  const subject = mail.subject?.slice(0, 500) ?? null;
  const sender = mail.from?.value[0]?.address;
  const body = mail.text ?? (typeof mail.html === 'string' ? mail.html.replace(/<[^>]+>/g, ' ') : '');
  // An email has a sender and a body; a file without them is not an email at all.
  if (!sender || !body.trim()) return failed(messageId, subject, null, 'malformed');
  const template = templateForSender(sender);
  if (!template) return failed(messageId, subject, null, 'unknownBank');
  const text = body.replace(/\s+/g, ' ');
  const pick = (re: RegExp) => re.exec(text);
  const amount = pick(template.amount)?.[1];
  const amountValue = amount === undefined ? null : amountOf(amount);
  if (!amountValue) return failed(messageId, subject, template.bank, 'amount');
  const accountTail = pick(template.accountTail)?.[1];
  if (!accountTail) return failed(messageId, subject, template.bank, 'accountTail');
  const payerName = pick(template.payerName)?.[1];
  if (!payerName) return failed(messageId, subject, template.bank, 'payerName');
  const time = pick(template.time);
  const paidAt = time && cstTime(time, mail.date ?? new Date());
  if (!paidAt) return failed(messageId, subject, template.bank, 'paidAt');
  return {
    messageId,
    subject,
    bank: template.bank,
    notification: { amount: amountValue, accountTail, payerName, paidAt },
    problem: null,
  };
}
