/**
 * The wallet's side of the email orders (modules/email/mailbox-ports.ts): a bank notification fits a
 * wallet trade order awaiting payment (`matched`) whose buyer is a wallet member of the payer's name
 * (or with none on record), of the same fiat amount, whose seller is a wallet member receiving on a
 * card ending in the notification's four digits, taken at most a day before the money arrived. The
 * only one that fits is marked paid through the market's `pay` transition (markPaid), in the email's
 * transaction. Rows are locked so a concurrent email waits.
 */
import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/ledger/index.ts';
import type { Notification } from '../email/bank-templates.ts';
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

export const walletEmailPort: MailboxPort = {
  link: 'tradeOrderId',
  candidates,
  confirm: async (ctx, tx, id) => {
    const { rows } = await tx.execute<{ buyer: string }>(
      sql`SELECT buyer_id AS buyer FROM trade_orders WHERE id = ${id}`,
    );
    const buyer = Number(rows[0]?.buyer);
    return markPaid(ctx, id, { by: { ownerType: 'wallet_member', ownerId: buyer } }, SYSTEM_ACTOR, tx);
  },
  riskOfCandidate: false,
};
