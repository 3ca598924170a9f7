/** Changes that weaken a protection, waiting for a second administrator (maker-checker). */
import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { operators, ts } from './schema.ts';

export const pendingChanges = pgTable('pending_changes', {
  id: serial('id').primaryKey(),
  /** 'setting' (a sys_config key) or 'needsCode' (a resource's permission). */
  target: text('target', { enum: ['setting', 'needsCode'] }).notNull(),
  key: text('key').notNull(),
  before: jsonb('before'),
  value: jsonb('value').notNull(),
  status: text('status', { enum: ['pending', 'approved', 'rejected'] })
    .notNull()
    .default('pending'),
  requestedBy: integer('requested_by')
    .notNull()
    .references(() => operators.id),
  requestedAt: ts('requested_at').notNull(),
  decidedBy: integer('decided_by').references(() => operators.id),
  decidedAt: ts('decided_at'),
  /** The checker's reason when rejecting. */
  decisionNote: text('decision_note'),
});
