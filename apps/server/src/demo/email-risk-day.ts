/**
 * The demo's refused bank email (financeRisk/blackBlockEmailLog), after the email day: an operator
 * black-lists a payer name that fraudsters use for deposits (addListEntry, as the list page does),
 * the sandbox bank then notifies a transfer from that name, and the poller reads it over IMAP: the
 * email order comes out `blocked` with its block-log row, through the email orders' own risk check.
 */
import { pollMailboxes } from '../modules/email/poller.ts';
import { sendBankNotification } from '../modules/email/sandbox/bank.ts';
import { addListEntry } from '../modules/risk/service.ts';
import type { AppContext } from '../platform/context.ts';
import type { Actor } from '../platform/transitions/index.ts';
import { userOf } from './email-day.ts';

const OPERATOR: Actor = { operatorId: 1, username: 'admin', locale: 'zh-CN' };
const LISTED_PAYER = '冒名付款人';

/** The number of email orders refused (0 without the sandbox bank). */
export async function runEmailRiskDay(ctx: AppContext): Promise<number> {
  if (!ctx.config.sandbox) return 0;
  await ctx.db.transaction((tx) =>
    addListEntry(
      ctx,
      tx,
      { list: 'deposit_black', kind: 'realName', value: LISTED_PAYER, reason: '多名会员举报冒名转账' },
      OPERATOR,
    ),
  );
  await sendBankNotification(ctx, userOf('ICBC'), 'ICBC', {
    amount: '888.00',
    accountTail: '4321',
    payerName: LISTED_PAYER,
    paidAt: ctx.clock.now(),
  });
  await pollMailboxes(ctx);
  const { rows } = await ctx.pool.query(
    `SELECT count(*)::int AS n FROM email_orders WHERE status = 'blocked'`,
  );
  return Number(rows[0]?.n ?? 0);
}
