/**
 * The head of each hash chain of the logs (platform/audit.ts): per chain and shard, the hash of its
 * last row and of the row before. Appending a row updates its head in the same statement as the
 * INSERT: the head's row lock orders the writers of a shard, and the UPDATE reads the head as last
 * committed (not as of the statement's start), so no lock of its own and no read of the log.
 */
import { pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';

/**
 * The operation log's chains (platform/audit.ts). Each head's row lock is held from a writer's append
 * to its commit (its WAL flush included), so the count must stay well above the writers at once: with
 * 16 shards, 16 operators approving deposits met on a shard often enough that PostgreSQL spent more of
 * its samples waiting on row locks (1,104) than running (384); with 64 (and 32 contra shards), 205.
 * operation_log's check constraint allows exactly these shards; audit:verify walks each.
 */
export const OPERATION_SHARDS = 64;

export const auditChainHeads = pgTable(
  'audit_chain_heads',
  {
    /** login_log or operation_log. */
    chain: text('chain').notNull(),
    shard: smallint('shard').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chain, t.shard] })],
);
