/**
 * The wallet's side of the email orders (modules/email/mailbox-ports.ts): a bank notification fits a
 * wallet trade order awaiting payment (`matched`) whose buyer is a wallet member of the payer's name
 * (or with none on record), of the same fiat amount, whose seller is a wallet member receiving on a
 * card ending in the notification's four digits, taken at most a day before the money arrived. The
 * only one that fits is marked paid through the market's `pay` transition (markPaid), in the email's
 * transaction; an operator may bind an email no order fits to the order it pays (bindRefusal's
 * checks). Rows are locked so a concurrent email waits.
 */
import type { Locale } from '@payops/contracts';
import Big from 'big.js';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/ledger/index.ts';
import type { Notification } from '../email/bank-templates.ts';
import type { EmailOrder } from '../email/email.schema.ts';
import type { MailboxPort } from '../email/mailbox-ports.ts';
import { markPaid, SYSTEM_ACTOR } from '../trade/index.ts';

const WINDOW_BEFORE_MS = 24 * 3_600_000;
const CLOCK_SKEW_MS = 10 * 60_000;

async function candidates(tx: Tx, n: Notification): Promise<number[]> {
  const from = new Date(n.paidAt.getTime() - WINDOW_BEFORE_MS);
  const to = new Date(n.paidAt.getTime() + CLOCK_SKEW_MS);
  const { rows } = await tx.execute<{ id: string }>(sql`
    SELECT o.id FROM trade_orders o
      JOIN wallet_members b ON b.id = o.buyer_id
     WHERE o.status = 'matched' AND o.buyer_type = 'wallet_member' AND o.seller_type = 'wallet_member'
       AND o.fiat_amount = ${n.amount}::numeric
       AND (b.real_name = '' OR b.real_name = ${n.payerName})
       AND EXISTS (SELECT 1 FROM wallet_pay_accounts p
                    WHERE p.wallet_member_id = o.seller_id AND p.enabled
                      AND right(p.account_no, 4) = ${n.accountTail})
       AND o.created_at BETWEEN ${from.toISOString()}::timestamptz AND ${to.toISOString()}::timestamptz
     ORDER BY o.id
     LIMIT 5
       FOR UPDATE OF o`);
  return rows.map((r) => Number(r.id));
}

const text = {
  noOrder: { 'zh-CN': '钱包订单不存在', 'en-US': 'no such wallet order' },
  notWaiting: {
    'zh-CN': '该钱包订单不是「待付款」状态',
    'en-US': 'the wallet order is not awaiting payment',
  },
  amount: {
    'zh-CN': '钱包订单金额与邮件到账金额不一致',
    'en-US': "the wallet order's amount differs from the email's",
  },
} satisfies Record<string, Record<Locale, string>>;

/**
 * An operator's bind to a wallet order (locked): a wallet member buying from a wallet member, awaiting
 * payment, of the email's amount (in fiat: what the bank moved), as the automatic match asks.
 */
async function bindRefusal(
  tx: Tx,
  id: number,
  email: Pick<EmailOrder, 'amount'>,
  locale: Locale,
): Promise<string | null> {
  const { rows } = await tx.execute<{ status: string; fiat: string }>(sql`
    SELECT status, fiat_amount::text AS fiat FROM trade_orders
     WHERE id = ${id} AND buyer_type = 'wallet_member' AND seller_type = 'wallet_member'
       FOR UPDATE`);
  const order = rows[0];
  if (!order) return text.noOrder[locale];
  if (order.status !== 'matched') return text.notWaiting[locale];
  if (!email.amount || !new Big(order.fiat).eq(email.amount)) return text.amount[locale];
  return null;
}

export const walletEmailPort: MailboxPort = {
  link: 'tradeOrderId',
  candidates,
  // The buyer's `pay`, by the platform (an email it matched) or the operator who bound the email.
  confirm: async (ctx, tx, id, _emailOrderId, actor = SYSTEM_ACTOR) => {
    const { rows } = await tx.execute<{ buyer: string }>(
      sql`SELECT buyer_id AS buyer FROM trade_orders WHERE id = ${id}`,
    );
    const buyer = Number(rows[0]?.buyer);
    return markPaid(ctx, id, { by: { ownerType: 'wallet_member', ownerId: buyer } }, actor, tx);
  },
  riskOfCandidate: false,
  bindRefusal,
};
