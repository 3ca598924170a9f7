/**
 * Reconciliation against upstream statements (contracts order/reconciliation.ts): one statement per
 * third party and business day, and its lines, each classified against our orders. Statuses change
 * only by the lifecycles' transitions. Every list filter has an index; a statement may have 100k lines.
 */
import {
  LINE_CATEGORIES,
  LINE_RESOLUTIONS,
  RECON_STATUSES,
  STATEMENT_SOURCES,
  STATEMENT_STATES,
} from '@payops/contracts';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { money, ts } from '../../platform/ledger/columns.ts';

export const reconStatements = pgTable(
  'recon_statements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    thirdPartyId: integer('third_party_id').notNull(),
    /** The business day (UTC+8) the statement covers, YYYY-MM-DD. */
    day: date('day', { mode: 'string' }).notNull(),
    source: text('source', { enum: STATEMENT_SOURCES }).notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the file's bytes: the same file twice is refused. */
    fileHash: text('file_hash').notNull(),
    linesTotal: integer('lines_total').notNull().default(0),
    /** Lines written so far: the page's progress while importing (updated outside the import's transaction). */
    processed: integer('processed').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    amountDiffers: integer('amount_differs').notNull().default(0),
    statusDiffers: integer('status_differs').notNull().default(0),
    feeDiffers: integer('fee_differs').notNull().default(0),
    onlyUpstream: integer('only_upstream').notNull().default(0),
    onlyHere: integer('only_here').notNull().default(0),
    openLines: integer('open_lines').notNull().default(0),
    status: text('status', { enum: STATEMENT_STATES }).notNull().default('importing'),
    error: text('error'),
    createdBy: integer('created_by'),
    createdByName: text('created_by_name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One statement per third party and day, and one per file; a failed import may be tried again.
    uniqueIndex('recon_statements_party_day_idx').on(t.thirdPartyId, t.day).where(sql`status <> 'failed'`),
    uniqueIndex('recon_statements_hash_idx').on(t.fileHash).where(sql`status <> 'failed'`),
    // The list's third-party filter (the partial unique index above cannot serve it).
    index('recon_statements_party_idx').on(t.thirdPartyId, t.id),
    index('recon_statements_day_idx').on(t.day, t.id),
    index('recon_statements_source_idx').on(t.source, t.id),
    index('recon_statements_status_idx').on(t.status, t.id),
    index('recon_statements_created_idx').on(t.createdAt),
  ],
);

export const ORDER_FAMILIES = ['deposit', 'withdraw'] as const;

export const reconLines = pgTable(
  'recon_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    statementId: bigint('statement_id', { mode: 'number' })
      .notNull()
      .references(() => reconStatements.id),
    /** The statement's line (its header is line 1); null for our orders the statement lacks. */
    lineNo: integer('line_no'),
    category: text('category', { enum: LINE_CATEGORIES }).notNull(),
    resolution: text('resolution', { enum: LINE_RESOLUTIONS }).notNull(),
    upstreamOrderNo: text('upstream_order_no').notNull(),
    upstreamAmount: money('upstream_amount'),
    upstreamStatus: text('upstream_status', { enum: RECON_STATUSES }),
    upstreamFee: money('upstream_fee'),
    upstreamDate: text('upstream_date'),
    orderFamily: text('order_family', { enum: ORDER_FAMILIES }),
    orderId: bigint('order_id', { mode: 'number' }),
    orderNo: text('order_no'),
    ourAmount: money('our_amount'),
    ourStatus: text('our_status', { enum: RECON_STATUSES }),
    /** The order's channel cost (what the provider should have charged) when the line was classified. */
    ourFee: money('our_fee'),
    /** The order's own state when the line was classified. */
    orderState: text('order_state'),
    note: text('note'),
    resolvedBy: integer('resolved_by'),
    resolvedByName: text('resolved_by_name'),
    resolvedAt: ts('resolved_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // The drawer lists a statement's lines by id, filtered by category or resolution (each index
    // leads with its filter and has the statement next: both equalities are one range).
    index('recon_lines_statement_idx').on(t.statementId, t.id),
    index('recon_lines_category_idx').on(t.category, t.statementId, t.id),
    index('recon_lines_resolution_idx').on(t.resolution, t.statementId, t.id),
    index('recon_lines_upstream_no_idx').on(t.upstreamOrderNo),
    index('recon_lines_order_no_idx').on(t.orderNo).where(sql`order_no IS NOT NULL`),
    index('recon_lines_line_no_idx').on(t.statementId, t.lineNo),
  ],
);

export type ReconStatement = typeof reconStatements.$inferSelect;
