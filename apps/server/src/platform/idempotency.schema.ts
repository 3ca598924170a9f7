/**
 * Idempotency keys of money-moving calls (Stripe's model): per operator, the hash of the first request
 * and the answer it got, so a repeat returns that answer and a different body is refused.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id').notNull(),
    key: text('key').notNull(),
    /** The route the key was first used on; the same key on another route is refused. */
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    response: jsonb('response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_key_idx').on(t.operatorId, t.key),
    // The clean-up job deletes by age.
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
