/**
 * Wallet disputes (disputeOrderPage): one case per disputed wallet trade order while it is open (a
 * partial unique index), its stage deadline and overdue flag (set by the SLA job from the clock), the
 * claim, the proposal under maker-checker and the ruling; and its evidence, files stored outside the
 * database (the match module's voucher store) by their SHA-256.
 */
import { DISPUTE_OPENERS, DISPUTE_RESOLUTIONS, DISPUTE_STATES, EVIDENCE_KINDS } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/ledger/columns.ts';

export const walletDisputes = pgTable(
  'wallet_disputes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    disputeNo: text('dispute_no').notNull(),
    tradeOrderId: bigint('trade_order_id', { mode: 'number' }).notNull(),
    orderNo: text('order_no').notNull(),
    buyerCode: text('buyer_code').notNull(),
    sellerCode: text('seller_code').notNull(),
    amount: money('amount').notNull(),
    fiatAmount: money('fiat_amount').notNull(),
    openedBy: text('opened_by', { enum: DISPUTE_OPENERS }).notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: DISPUTE_STATES }).notNull(),
    /** The current stage's deadline (settings: sellerAnswerMinutes, operatorDecideMinutes). */
    dueAt: ts('due_at').notNull(),
    overdue: boolean('overdue').notNull().default(false),
    claimedBy: integer('claimed_by'),
    /** Fixed at opening: the fiat amount was above the wallet's disputeApprovalAmount. */
    needsApproval: boolean('needs_approval').notNull().default(false),
    resolution: text('resolution', { enum: DISPUTE_RESOLUTIONS }),
    splitAmount: money('split_amount'),
    proposedBy: integer('proposed_by'),
    decidedBy: integer('decided_by'),
    resolvedAt: ts('resolved_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('wallet_disputes_no_idx').on(t.disputeNo),
    index('wallet_disputes_no_trgm_idx').using('gin', sql`${t.disputeNo} gin_trgm_ops`),
    uniqueIndex('wallet_disputes_open_order_idx').on(t.tradeOrderId).where(sql`status <> 'resolved'`),
    index('wallet_disputes_order_idx').on(t.tradeOrderId),
    index('wallet_disputes_order_no_idx').on(t.orderNo),
    index('wallet_disputes_buyer_idx').on(t.buyerCode),
    index('wallet_disputes_seller_idx').on(t.sellerCode),
    index('wallet_disputes_opened_by_idx').on(t.openedBy, t.id),
    index('wallet_disputes_status_idx').on(t.status, t.id),
    index('wallet_disputes_claimed_idx').on(t.claimedBy, t.id),
    index('wallet_disputes_resolution_idx').on(t.resolution, t.id),
    index('wallet_disputes_created_idx').on(t.createdAt),
    index('wallet_disputes_due_idx').on(t.dueAt),
    // The SLA job and the bell: open cases past their deadline.
    index('wallet_disputes_overdue_idx').on(t.overdue, t.id).where(sql`status <> 'resolved'`),
  ],
);

export const walletDisputeEvidence = pgTable(
  'wallet_dispute_evidence',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    disputeId: bigint('dispute_id', { mode: 'number' })
      .notNull()
      .references(() => walletDisputes.id),
    kind: text('kind', { enum: EVIDENCE_KINDS }).notNull(),
    addedBy: text('added_by', { enum: DISPUTE_OPENERS }).notNull(),
    fileType: text('file_type').notNull(),
    fileSize: integer('file_size').notNull(),
    fileHash: text('file_hash').notNull(),
    note: text('note').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('wallet_dispute_evidence_dispute_idx').on(t.disputeId, t.id),
    index('wallet_dispute_evidence_kind_idx').on(t.kind, t.id),
  ],
);

export type WalletDispute = typeof walletDisputes.$inferSelect;
