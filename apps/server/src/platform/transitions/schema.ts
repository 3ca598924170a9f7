/**
 * The status history of every record with a lifecycle: one row per transition, written in the same
 * transaction as the guarded status change (so a record's timeline cannot miss or invent a step).
 */
import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../ledger/columns.ts';
import { writerXid } from '../xid.ts';

export const statusHistory = pgTable(
  'status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The resource definition's name (e.g. mchList), as in the operation log's object type. */
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    transition: text('transition').notNull(),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** Null when the platform ran it (a job). */
    operatorId: integer('operator_id'),
    operatorName: text('operator_name').notNull(),
    reason: text('reason').notNull().default(''),
    at: ts('at').notNull(),
    /** What the transition's effect adds (amounts, the journal entry). */
    extra: jsonb('extra'),
    /** The writing transaction (platform/xid.ts): the report rollups' change feed reads by it. */
    xid: writerXid('xid'),
  },
  (t) => [
    index('status_history_record_idx').on(t.resource, t.recordId, t.id),
    index('status_history_xid_idx').on(t.xid),
  ],
);
