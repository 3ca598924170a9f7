/**
 * Counter payments' rules, as hooks of their lifecycle (contracts cashier/counter-payment.ts): the
 * transition registrar runs each in the call's transaction with the payment row locked.
 *
 * - add: the cashier names a wallet member in good standing with a phone, and the amount.
 * - sendCode: within the member's hourly limit (setting counterSmsPerHour), a fresh random code;
 *   codes sent before stop working; the SMS goes out through the SmsSender in the same transaction.
 * - confirm: the gate checks the code and counts the try whatever the answer (its writes commit even
 *   when it refuses), so wrong codes add up across calls and parallel guesses; the 6th try is refused
 *   even with the right code. The right code is spent in the transaction that credits the member
 *   (ledger: member +amount, counter cash -amount), so it is used once or not at all.
 * - cancel / expire: the payment closes and its open codes stop working.
 */
import { randomBytes } from 'node:crypto';
import {
  COUNTER_CODE_DIGITS,
  COUNTER_CURRENCY,
  ErrorCode,
  type Locale,
  SMS_CODE_MAX_TRIES,
  SMS_CODE_TTL_MS,
} from '@payops/contracts';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Row } from '../../platform/crud/index.ts';
import type { WriteInfo } from '../../platform/crud/writes.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import {
  ensureAccount,
  LedgerError,
  ledgerAppError,
  platformAccount,
  postEntry,
  type Tx,
} from '../../platform/ledger/index.ts';
import { getSetting } from '../../platform/settings.ts';
import {
  type Actor,
  actorOf,
  type GateStep,
  type TransitionHooks,
  type TransitionStep,
} from '../../platform/transitions/index.ts';
import { walletMembers } from '../wallet/wallet.schema.ts';
import { counterPayments, counterSmsCodes } from './cashier.schema.ts';
import { smsSenderOf } from './sms.ts';
import { codeMatches, hashCode, newCode } from './sms-code.ts';
import { cashierText } from './text.ts';

type Payment = typeof counterPayments.$inferSelect;

async function memberOf(tx: Tx, id: number, locale: Locale) {
  const [m] = await tx.select().from(walletMembers).where(eq(walletMembers.id, id));
  if (!m) throw fieldError('walletMemberId', cashierText[locale].memberMissing!());
  return m;
}

export interface NewPayment {
  walletMemberId: number;
  amount: string;
  remark?: string;
}

/**
 * A new payment's row: a member in good standing with a phone to send the code to, a fresh payment
 * number, the cashier. The add route's hook and the demo's script both build it here.
 */
export async function paymentValues(ctx: AppContext, tx: Tx, input: NewPayment, actor: Actor) {
  const text = cashierText[actor.locale];
  const member = await memberOf(tx, input.walletMemberId, actor.locale);
  if (member.status !== 'normal') throw fieldError('walletMemberId', text.memberFrozen!());
  if (!member.phone) throw fieldError('walletMemberId', text.noPhone!());
  const now = ctx.clock.now();
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const suffix = randomBytes(5).toString('hex').toUpperCase();
  return {
    ...input,
    paymentNo: `CP${day}${suffix}`,
    status: 'created' as const,
    cashierId: actor.operatorId,
    cashierName: actor.username,
    createdAt: now,
    updatedAt: now,
  };
}

/** The add form's values completed (the registrar inserts them and writes the audit row). */
export async function beforeCreate(ctx: AppContext, values: Row, { tx, request }: WriteInfo) {
  const input = { walletMemberId: Number(values.walletMemberId), amount: String(values.amount) };
  Object.assign(
    values,
    await paymentValues(ctx, tx, { ...input, remark: String(values.remark ?? '') }, actorOf(request)),
  );
}

/** Open codes of a payment stop working (a newer code was sent, or the payment closed). */
async function retireCodes(tx: Tx, paymentId: number) {
  await tx
    .update(counterSmsCodes)
    .set({ state: 'expired' })
    .where(and(eq(counterSmsCodes.paymentId, paymentId), eq(counterSmsCodes.state, 'sent')));
}

function hhmm(d: Date, ctx: AppContext): string {
  return d.toLocaleTimeString('en-GB', { timeZone: ctx.config.timeZone, hour: '2-digit', minute: '2-digit' });
}

async function sendCode(ctx: AppContext, { tx, before, actor, now }: TransitionStep) {
  const p = before as unknown as Payment;
  const text = cashierText[actor.locale];
  const member = await memberOf(tx, p.walletMemberId, actor.locale);
  if (!member.phone) throw fieldError('walletMemberId', text.noPhone!());
  // The member's row lock orders the senders of one member, so two payments cannot both pass the limit.
  await tx.execute(sql`SELECT 1 FROM wallet_members WHERE id = ${member.id} FOR UPDATE`);
  const limit = await getSetting(ctx, 'counterSmsPerHour', tx);
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const recent = await tx
    .select({ n: count(), first: sql<string>`min(${counterSmsCodes.sentAt})` })
    .from(counterSmsCodes)
    .where(and(eq(counterSmsCodes.walletMemberId, member.id), gt(counterSmsCodes.sentAt, hourAgo)));
  const { n, first } = recent[0]!;
  if (n >= limit) {
    const again = new Date(new Date(first).getTime() + 3_600_000);
    throw new AppError(ErrorCode.tooManyRequests, {
      fields: [{ field: 'walletMemberId', message: text.sendLimit!(String(n), hhmm(again, ctx)) }],
    });
  }
  await retireCodes(tx, p.id);
  const code = newCode(COUNTER_CODE_DIGITS);
  const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_MS);
  const [row] = await tx
    .insert(counterSmsCodes)
    .values({
      paymentId: p.id,
      walletMemberId: member.id,
      phone: member.phone,
      codeHash: hashCode(ctx.keys.secretKey, code),
      sentBy: actor.username,
      sentAt: now,
      expiresAt,
    })
    .returning({ id: counterSmsCodes.id });
  const language = member.language === 'en-US' ? 'en-US' : 'zh-CN';
  await smsSenderOf(ctx).send(
    tx,
    { phone: member.phone, text: cashierText[language].smsText!(p.paymentNo, p.amount, code) },
    now,
  );
  // The code is in no log: the history and the audit row keep which code row was sent, and until when.
  return { extra: { smsId: row!.id, expiresAt: expiresAt.toISOString() } };
}

/**
 * Checks the code and counts the try (see the file's comment). Refusals are returned, so the try
 * counted commits; a payment no longer waiting for its code is left to the lifecycle's own refusal.
 */
async function gateCode(ctx: AppContext, { tx, id, body, actor, now }: GateStep): Promise<AppError | null> {
  const text = cashierText[actor.locale];
  const [payment] = await tx
    .select({ status: counterPayments.status })
    .from(counterPayments)
    .where(eq(counterPayments.id, Number(id)))
    .for('update');
  if (!payment) return null;
  const [code] = await tx
    .select()
    .from(counterSmsCodes)
    .where(eq(counterSmsCodes.paymentId, Number(id)))
    .orderBy(desc(counterSmsCodes.id))
    .limit(1)
    .for('update');
  const refuse = (message: string) => fieldError('code', message);
  // A replayed code says so, whatever became of the payment since.
  if (code?.state === 'used') return refuse(text.used!());
  if (!code || payment.status !== 'code_sent') return null;
  if (code.state === 'locked' || code.tries >= SMS_CODE_MAX_TRIES) return refuse(text.locked!());
  if (code.state === 'expired' || code.expiresAt <= now) {
    await tx.update(counterSmsCodes).set({ state: 'expired' }).where(eq(counterSmsCodes.id, code.id));
    return refuse(text.expired!());
  }
  const tries = code.tries + 1;
  if (codeMatches(ctx.keys.secretKey, code.codeHash, String(body.code))) {
    await tx
      .update(counterSmsCodes)
      .set({ state: 'used', tries, usedAt: now })
      .where(eq(counterSmsCodes.id, code.id));
    return null;
  }
  const left = SMS_CODE_MAX_TRIES - tries;
  await tx
    .update(counterSmsCodes)
    .set({ tries, ...(left === 0 ? { state: 'locked' as const } : {}) })
    .where(eq(counterSmsCodes.id, code.id));
  return refuse(left > 0 ? text.wrong!(String(left)) : text.wrongLast!());
}

/** Credits the member's wallet with the cash the counter took in: one entry, posted once. */
async function credit({ tx, after, actor, now }: TransitionStep) {
  const p = after as unknown as Payment;
  const member = await memberOf(tx, p.walletMemberId, actor.locale);
  const ref = `counter_payment:${p.paymentNo}`;
  try {
    const own = await ensureAccount(tx, {
      ownerType: 'wallet_member',
      ownerId: member.id,
      ownerCode: member.account,
      currency: COUNTER_CURRENCY,
    });
    const contra = await platformAccount(tx, 'counterCash', COUNTER_CURRENCY, ref);
    const { entryId } = await postEntry(tx, {
      kind: 'counter_payment',
      event: 'confirm',
      refType: 'counter_payment',
      refId: p.paymentNo,
      operatorId: actor.operatorId,
      note: p.remark,
      at: now,
      legs: [
        { accountId: own.id, amount: p.amount },
        { accountId: contra.id, amount: `-${p.amount}` },
      ],
    });
    await tx.update(counterPayments).set({ entryId }).where(eq(counterPayments.id, p.id));
    return { result: { entryId }, extra: { entryId, amount: p.amount } };
  } catch (e) {
    if (e instanceof LedgerError) throw ledgerAppError(e, actor.locale);
    throw e;
  }
}

async function close({ tx, before }: TransitionStep) {
  await retireCodes(tx, Number(before.id));
  return undefined;
}

export function counterPaymentHooks(ctx: AppContext): Record<string, TransitionHooks<unknown>> {
  return {
    sendCode: {
      set: () => ({ codesSent: sql`${counterPayments.codesSent} + 1` }),
      effect: (step) => sendCode(ctx, step),
    },
    confirm: {
      gate: (step) => gateCode(ctx, step),
      set: ({ now }) => ({ confirmedAt: now }),
      effect: credit,
    },
    cancel: { set: ({ body }) => ({ closeReason: body.reason ?? '' }), effect: close },
    expire: { set: ({ body }) => ({ closeReason: body.reason ?? '' }), effect: close },
  };
}
