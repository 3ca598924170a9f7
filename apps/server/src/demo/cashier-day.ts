/**
 * The demo's cashier desk (issue 16): the administrator (a cashier on the demo platform) takes cash
 * from a few wallet members at the counter, through the payments' own code paths: the record, the
 * code sent through the sandbox SMS adapter, the confirmation with the code read off the sandbox
 * outbox (the member's phone) that credits the member's wallet, a cancellation, one payment still
 * waiting for its code and one not yet sent. The three cashier pages then show what they produced.
 * Wallet members come from the wallet's demo when it ran first; otherwise the wallet app's own
 * registration creates them.
 */
import { counterPaymentPage } from '@payops/contracts';
import { and, asc, eq, ne } from 'drizzle-orm';
import { counterPayments } from '../modules/cashier/cashier.schema.ts';
import { type NewPayment, paymentValues } from '../modules/cashier/counter-payment.service.ts';
import { sandboxCodeFor } from '../modules/cashier/sms.ts';
import { walletMembers } from '../modules/wallet/wallet.schema.ts';
import { registerWalletMember } from '../modules/wallet/wallet-app.service.ts';
import { appendOperationLog } from '../platform/audit.ts';
import type { AppContext } from '../platform/context.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';

export interface CashierDayReport {
  confirmed: number;
  cancelled: number;
  waiting: number;
}

const PAYMENTS: readonly (NewPayment & { end: 'confirm' | 'cancel' | 'wait' | 'none' })[] = [
  { walletMemberId: 0, amount: '500.00', remark: '柜台现金充值', end: 'confirm' },
  { walletMemberId: 1, amount: '1288.50', remark: '柜台现金充值', end: 'confirm' },
  { walletMemberId: 2, amount: '300.00', remark: '会员未带身份证', end: 'cancel' },
  { walletMemberId: 0, amount: '2000.00', remark: '柜台现金充值', end: 'confirm' },
  { walletMemberId: 1, amount: '150.00', remark: '等待会员报验证码', end: 'wait' },
  { walletMemberId: 2, amount: '80.00', remark: '', end: 'none' },
];

/** Up to three wallet members who can be paid; registered through the wallet app when missing. */
async function demoMembers(ctx: AppContext) {
  const found = await ctx.db
    .select()
    .from(walletMembers)
    .where(and(eq(walletMembers.status, 'normal'), ne(walletMembers.phone, '')))
    .orderBy(asc(walletMembers.id))
    .limit(3);
  for (let i = found.length; i < 3; i++) {
    const phone = `1370013${String(7000 + i)}`;
    found.push(
      await ctx.db.transaction((tx) =>
        registerWalletMember(ctx, tx, { account: `counter_demo_${i + 1}`, phone, realName: '柜台会员' }),
      ),
    );
  }
  return found;
}

/** A payment recorded at the counter, with its audit row, as the add route does. */
async function record(ctx: AppContext, actor: Actor, input: NewPayment) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(counterPayments)
      .values(await paymentValues(ctx, tx, input, actor))
      .returning();
    await appendOperationLog(tx, {
      at: ctx.clock.now(),
      operatorId: actor.operatorId,
      operatorName: actor.username,
      action: counterPaymentPage.actions.add!.permission,
      method: 'JOB',
      path: '',
      objectType: counterPaymentPage.name,
      objectId: String(row!.id),
      result: 'success',
      code: 0,
      ip: '',
      detail: { after: { paymentNo: row!.paymentNo, amount: row!.amount, status: row!.status } },
    });
    return row!;
  });
}

export async function runCashierDay(ctx: AppContext, actor: Actor): Promise<CashierDayReport> {
  const report: CashierDayReport = { confirmed: 0, cancelled: 0, waiting: 0 };
  // The only SMS sender so far is the sandbox's (cashier/sms.ts): without it no code can be sent.
  if (!ctx.config.sandbox) return report;
  const members = await demoMembers(ctx);
  const as = { actor };
  for (const p of PAYMENTS) {
    const member = members[p.walletMemberId]!;
    const payment = await record(ctx, actor, { ...p, walletMemberId: member.id });
    if (p.end === 'none') continue;
    await runSystemTransition(ctx, counterPaymentPage, 'sendCode', payment.id, as);
    if (p.end === 'wait') report.waiting++;
    if (p.end === 'cancel') {
      const reason = '会员放弃本次柜台充值';
      await runSystemTransition(ctx, counterPaymentPage, 'cancel', payment.id, { ...as, reason });
      report.cancelled++;
    }
    if (p.end === 'confirm') {
      // The member reads the code off their phone: the sandbox outbox.
      const code = await sandboxCodeFor(ctx.db, member.phone, payment.paymentNo);
      await runSystemTransition(ctx, counterPaymentPage, 'confirm', payment.id, { ...as, input: { code } });
      report.confirmed++;
    }
  }
  return report;
}

export function describeCashierDay(d: CashierDayReport): string {
  return `cashier: ${d.confirmed} counter payments confirmed by SMS code, ${d.cancelled} cancelled, ${d.waiting} waiting for the code`;
}
