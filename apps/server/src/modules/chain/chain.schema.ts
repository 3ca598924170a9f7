/**
 * USDT on a chain (issue 11): the deposit and withdrawal orders (the shared order columns of
 * order/schema.ts plus their chain fields), the transfers the watcher saw (addressFlowList), the
 * watcher's cursor per network, and the built-in sandbox chain's own blocks and transactions (what a
 * real node would hold; the platform reads them only over HTTP, through the adapter).
 */
import { USDT_DEPOSIT_STATES, USDT_WITHDRAW_STATES } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/ledger/columns.ts';
import { orderColumns, statusIn } from '../order/schema.ts';

const NETWORKS = ['TRC20', 'ERC20'] as const;
const network = () => text('network', { enum: NETWORKS }).notNull();

export const usdtDepositOrders = pgTable(
  'usdt_deposit_orders',
  {
    ...orderColumns(USDT_DEPOSIT_STATES),
    network: network(),
    /** The pool address given at creation; kept after it is released (the last holder of a late payment). */
    address: text('address').notNull().default(''),
    /** USDT per CNY unit fixed at creation (the SELL side): the order is never repriced. */
    rate: money('rate').notNull(),
    usdtAmount: money('usdt_amount').notNull(),
    paidUsdt: money('paid_usdt').notNull().default('0'),
    /** What was credited (CNY): the amount, or the actual USDT at the fixed rate. */
    creditAmount: money('credit_amount'),
    txHash: text('tx_hash'),
    exceptionKind: text('exception_kind', { enum: ['underpaid', 'overpaid', 'late'] }),
    /** The refund's transfer (back to the sender). */
    refundTxHash: text('refund_tx_hash'),
    refundTo: text('refund_to'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('usdt_deposit_orders_order_no_idx').on(t.orderNo),
    uniqueIndex('usdt_deposit_orders_mch_order_idx').on(t.merchantId, t.mchOrderNo),
    // Never two open orders on one address (the pool's guarded assignment is the first line).
    uniqueIndex('usdt_deposit_orders_open_address_idx')
      .on(t.address)
      .where(statusIn(['pending_payment', 'confirming'])),
    index('usdt_deposit_orders_address_idx').on(t.address, t.id),
    index('usdt_deposit_orders_merchant_idx').on(t.merchantId, t.createdAt),
    index('usdt_deposit_orders_member_idx').on(t.memberAccount),
    index('usdt_deposit_orders_mch_order_no_idx').on(t.mchOrderNo),
    index('usdt_deposit_orders_network_idx').on(t.network, t.createdAt),
    index('usdt_deposit_orders_amount_idx').on(t.amount),
    index('usdt_deposit_orders_usdt_amount_idx').on(t.usdtAmount),
    index('usdt_deposit_orders_tx_idx').on(t.txHash).where(sql`tx_hash IS NOT NULL`),
    index('usdt_deposit_orders_status_idx').on(t.status, t.createdAt),
    index('usdt_deposit_orders_exception_idx').on(t.exceptionKind, t.createdAt),
    index('usdt_deposit_orders_created_idx').on(t.createdAt, t.id),
    index('usdt_deposit_orders_created_xid_idx').on(t.createdXid),
    index('usdt_deposit_orders_expiry_idx').on(t.expiresAt).where(sql`status = 'pending_payment'`),
  ],
);

export const usdtWithdrawOrders = pgTable(
  'usdt_withdraw_orders',
  {
    ...orderColumns(USDT_WITHDRAW_STATES),
    network: network(),
    address: text('address').notNull(),
    usdtAmount: money('usdt_amount').notNull(),
    /** The BUY rate fixed at creation; amount (CNY) = usdtAmount x rate. */
    rate: money('rate').notNull(),
    txHash: text('tx_hash'),
    freezeEntryId: bigint('freeze_entry_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('usdt_withdraw_orders_order_no_idx').on(t.orderNo),
    uniqueIndex('usdt_withdraw_orders_mch_order_idx').on(t.merchantId, t.mchOrderNo),
    index('usdt_withdraw_orders_merchant_idx').on(t.merchantId, t.createdAt),
    index('usdt_withdraw_orders_member_idx').on(t.memberAccount),
    index('usdt_withdraw_orders_mch_order_no_idx').on(t.mchOrderNo),
    index('usdt_withdraw_orders_network_idx').on(t.network, t.createdAt),
    index('usdt_withdraw_orders_address_idx').on(t.address, t.createdAt),
    index('usdt_withdraw_orders_amount_idx').on(t.amount),
    index('usdt_withdraw_orders_usdt_amount_idx').on(t.usdtAmount),
    index('usdt_withdraw_orders_tx_idx').on(t.txHash).where(sql`tx_hash IS NOT NULL`),
    index('usdt_withdraw_orders_status_idx').on(t.status, t.createdAt),
    index('usdt_withdraw_orders_created_idx').on(t.createdAt, t.id),
    index('usdt_withdraw_orders_created_xid_idx').on(t.createdXid),
  ],
);

/** Every transfer the watcher saw to or from a watched address, and the platform's own payouts. */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    network: network(),
    txHash: text('tx_hash').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** The watched end (a pool address, or the hot wallet of a payout): addressFlow's filter. */
    address: text('address').notNull(),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    amount: money('amount').notNull(),
    /** Null until the transfer is in a block. */
    block: bigint('block', { mode: 'number' }),
    confirmations: integer('confirmations').notNull().default(0),
    status: text('status', { enum: ['confirming', 'confirmed', 'failed'] })
      .notNull()
      .default('confirming'),
    matched: text('matched', { enum: ['deposit', 'exception', 'refund', 'withdraw', 'unmatched'] }).notNull(),
    orderNo: text('order_no'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chain_transfers_tx_idx').on(t.network, t.txHash),
    index('chain_transfers_tx_hash_idx').on(t.txHash),
    index('chain_transfers_network_idx').on(t.network, t.createdAt),
    index('chain_transfers_from_idx').on(t.fromAddress, t.createdAt),
    index('chain_transfers_to_idx').on(t.toAddress, t.createdAt),
    index('chain_transfers_address_idx').on(t.address, t.createdAt),
    index('chain_transfers_direction_idx').on(t.direction, t.createdAt),
    index('chain_transfers_amount_idx').on(t.amount),
    index('chain_transfers_status_idx').on(t.status, t.createdAt),
    index('chain_transfers_matched_idx').on(t.matched, t.createdAt),
    index('chain_transfers_order_idx').on(t.orderNo).where(sql`order_no IS NOT NULL`),
    index('chain_transfers_created_idx').on(t.createdAt, t.id),
  ],
);

/** The last block the watcher has read, per network. */
export const chainCursors = pgTable('chain_cursors', {
  network: text('network', { enum: NETWORKS }).primaryKey(),
  lastBlock: bigint('last_block', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The sandbox chain's height per network (its blocks are numbers; transactions name theirs). */
export const sandboxChainHeads = pgTable('sandbox_chain_heads', {
  network: text('network', { enum: NETWORKS }).primaryKey(),
  height: bigint('height', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The sandbox chain's transactions: in the next block when sent; a failed one reverted. */
export const sandboxChainTxs = pgTable(
  'sandbox_chain_txs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    network: network(),
    txHash: text('tx_hash').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amount: money('amount').notNull(),
    block: bigint('block', { mode: 'number' }).notNull(),
    /** The sender's reference of a send: a retried send with it answers the same transaction. */
    ref: text('ref'),
    status: text('status', { enum: ['ok', 'failed'] })
      .notNull()
      .default('ok'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_chain_txs_hash_idx').on(t.txHash),
    uniqueIndex('sandbox_chain_txs_ref_idx').on(t.network, t.ref).where(sql`ref IS NOT NULL`),
    index('sandbox_chain_txs_block_idx').on(t.network, t.block),
  ],
);

export type UsdtDepositOrder = typeof usdtDepositOrders.$inferSelect;
export type UsdtWithdrawOrder = typeof usdtWithdrawOrders.$inferSelect;
export type ChainTransfer = typeof chainTransfers.$inferSelect;
