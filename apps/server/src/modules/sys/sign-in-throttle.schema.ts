/** Failed sign-ins per (account, client address): the back-off that replaces the account-wide lock. */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './schema.ts';

export const signInThrottle = pgTable('sign_in_throttle', {
  /** sha256 of `username \0 address`: neither is stored in clear here. */
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  blockedUntil: ts('blocked_until'),
  updatedAt: ts('updated_at').notNull(),
});
