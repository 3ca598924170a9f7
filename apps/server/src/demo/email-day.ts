/**
 * The demo's email-order step (after the match day): one sandbox bank mailbox per bank template,
 * each assigned to the administrator and a merchant; a matched deposit split into payer-paid pieces
 * (email-matches.ts); the sandbox bank then notifies the transfer of its first piece (to the mailbox
 * of the payee's bank, or of the next bank), two transfers no match waits for, and sends one email
 * from a bank no template knows; finally the
 * poller reads the mailboxes over IMAP, so the email orders come out matched (the match confirmed),
 * unmatched (the header badge) and unreadable, through their own code paths.
 */
import { EMAIL_BANKS, type EmailBank } from '@payops/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { emailAssignments } from '../modules/email/email.schema.ts';
import { pollMailboxes } from '../modules/email/poller.ts';
import {
  addSandboxMailbox,
  composeEmail,
  deliverToSandbox,
  sendBankNotification,
} from '../modules/email/sandbox/bank.ts';
import { matches } from '../modules/match/match.schema.ts';
import { merchants } from '../modules/mch/schema.ts';
import type { AppContext } from '../platform/context.ts';
import { placePaidSplit } from './email-matches.ts';
import { personName } from './people.ts';
import { Random } from './random.ts';

export interface EmailDayReport {
  mailboxes: number;
  emails: number;
  matched: number;
  unmatched: number;
  unreadable: number;
}

/** The sandbox bank user of the demo's mailbox of a bank. */
export const userOf = (bank: EmailBank) => `demo-${bank.toLowerCase()}`;

const BANK_WORDS: Record<EmailBank, RegExp> = { ICBC: /工商|ICBC/, CCB: /建设|CCB/, CMB: /招商|CMB/ };

/** The payer-paid matches of these numbers, as their bank email shows them. */
async function paidMatches(ctx: AppContext, matchNos: string[]) {
  if (matchNos.length === 0) return [];
  return ctx.db
    .select({
      amount: matches.amount,
      payeeAccountNo: matches.payeeAccountNo,
      payeeBank: matches.payeeBank,
      payerName: matches.payerName,
    })
    .from(matches)
    .where(and(eq(matches.status, 'payer_paid'), inArray(matches.matchNo, matchNos)))
    .orderBy(asc(matches.id));
}

export async function runEmailDay(
  ctx: AppContext,
  origin: string,
  seed = 20261125,
): Promise<EmailDayReport | null> {
  if (!ctx.config.sandbox) return null;
  const r = new Random(seed);
  const owners = await ctx.db
    .select({ id: merchants.id })
    .from(merchants)
    .orderBy(asc(merchants.id))
    .limit(3);
  for (const [i, bank] of EMAIL_BANKS.entries()) {
    const user = userOf(bank);
    const mb = await addSandboxMailbox(ctx, { name: `${bank} 收款通知邮箱`, bank, user });
    const owner = owners[i % Math.max(owners.length, 1)];
    if (mb && owner)
      await ctx.db
        .insert(emailAssignments)
        .values({ mailboxId: mb.id, operatorId: 1, merchantId: owner.id, remark: '白班' });
  }
  let emails = 0;
  const now = ctx.clock.now();
  // A deposit split into pieces, each payer-paid: the bank's email confirms the first piece; the
  // others wait for their receiver (or an operator's upload of their email).
  const pieces = await placePaidSplit(ctx, origin, r);
  for (const [i, m] of (await paidMatches(ctx, pieces.slice(0, 1))).entries()) {
    const bank =
      EMAIL_BANKS.find((b) => BANK_WORDS[b].test(m.payeeBank)) ?? EMAIL_BANKS[i % EMAIL_BANKS.length]!;
    await sendBankNotification(ctx, userOf(bank), bank, {
      amount: m.amount,
      accountTail: m.payeeAccountNo.slice(-4),
      payerName: m.payerName || personName(r),
      paidAt: now,
    });
    emails++;
  }
  // Transfers no match waits for: the operators' "failed-match email orders".
  for (const bank of ['ICBC', 'CMB'] as const) {
    await sendBankNotification(ctx, userOf(bank), bank, {
      amount: r.amount(100, 5000),
      accountTail: r.digits(4),
      payerName: personName(r),
      paidAt: now,
    });
    emails++;
  }
  // A bank no template knows: kept as unreadable, with the reason.
  await deliverToSandbox(
    ctx,
    userOf('CCB'),
    composeEmail({
      from: '"某农商银行" <notice@rcb-bank.example>',
      to: `${userOf('CCB')}@sandbox-bank.payops`,
      subject: '账户动账通知',
      text: `您尾号${r.digits(4)}的账户收到转账人民币${r.amount(100, 900)}元。`,
      date: now,
    }),
  );
  emails++;
  const polled = await pollMailboxes(ctx);
  const { rows } = await ctx.db.execute<{ status: string; n: string }>(
    sql`SELECT status, count(*) AS n FROM email_orders GROUP BY status`,
  );
  const n = (s: string) => Number(rows.find((x) => x.status === s)?.n ?? 0);
  return {
    mailboxes: polled.mailboxes,
    emails,
    matched: n('matched'),
    unmatched: n('unmatched'),
    unreadable: n('failed_parse'),
  };
}

export function describeEmailDay(d: EmailDayReport): string {
  return `email orders: ${d.mailboxes} mailboxes, ${d.emails} bank emails, ${d.matched} matched, ${d.unmatched} unmatched, ${d.unreadable} unreadable`;
}
