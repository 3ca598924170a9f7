/**
 * Where the buyer of a wallet member's sale was told to pay, fixed when the order was taken
 * (wallet-payee.ts): the seller's first enabled pay account of the order's pay type and its first
 * payment code switched on; either may be absent, never both. Accounts and codes are never edited,
 * only switched, so the ids say what the buyer saw. A dispute's detail shows it (disputePayee).
 */
import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../platform/ledger/columns.ts';
import { PAY_TYPES } from '../mch/passage.schema.ts';
import { tradeOrders } from '../trade/trade.schema.ts';
import { walletMembers, walletPayAccounts } from './wallet.schema.ts';
import { walletFixedCodes } from './wallet-config.schema.ts';

export const walletOrderPayees = pgTable(
  'wallet_order_payees',
  {
    tradeOrderId: bigint('trade_order_id', { mode: 'number' })
      .primaryKey()
      .references(() => tradeOrders.id),
    walletMemberId: bigint('wallet_member_id', { mode: 'number' })
      .notNull()
      .references(() => walletMembers.id),
    payType: text('pay_type', { enum: PAY_TYPES }).notNull(),
    payAccountId: bigint('pay_account_id', { mode: 'number' }).references(() => walletPayAccounts.id),
    fixedCodeId: bigint('fixed_code_id', { mode: 'number' }).references(() => walletFixedCodes.id),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('wallet_order_payees_member_idx').on(t.walletMemberId)],
);
