/** The connection pool and the Drizzle client over it. */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';

/**
 * Drizzle without the schema: nothing uses its relational queries (`db.query.<table>`), and with a
 * schema every transaction object builds one query builder per table (~5% of a deposit approval's
 * CPU, issue 10). Queries name their tables themselves.
 */
export type Db = NodePgDatabase;

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

// numeric and bigint come back as strings (pg's default for numeric): money never passes through a float.
export function openDatabase(url: string, max = 10): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // Bounded statement and lock time (security.md, "Input and transport").
    options: '-c statement_timeout=15000 -c lock_timeout=5000 -c idle_in_transaction_session_timeout=30000',
  });
  // A connection that dies while idle (the database restarted) is dropped from the pool; without a
  // listener the pool's 'error' event would end the process. The next query opens a fresh one.
  // A checked-out connection (between two statements of a transaction) emits its own 'error': the
  // statement waiting on it fails on its own, so the event is only noted.
  const lost = (err: Error) =>
    process.emitWarning(`database connection lost: ${(err as { code?: string }).code ?? err.message}`);
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
  const db = drizzle(pool);
  return { pool, db, close: () => pool.end() };
}
