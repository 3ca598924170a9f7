/** System messages to operators and who has read them. */
import { index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';
import { operators, ts } from './schema.ts';

export const sysMessages = pgTable(
  'sys_messages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    createdBy: integer('created_by').references(() => operators.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    publishedAt: ts('published_at'),
  },
  (t) => [index('sys_messages_published_idx').on(t.status, t.publishedAt)],
);

export const sysMessageReads = pgTable(
  'sys_message_reads',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => sysMessages.id, { onDelete: 'cascade' }),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.messageId] })],
);
