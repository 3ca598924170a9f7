/**
 * The hash-chained, append-only logs (PCI DSS 10.2, 10.3). Each row carries the hash of the row
 * before it in its chain; a chain's rows are written under a transaction-scoped advisory lock so it
 * has no forks even with several server instances. `npm run audit:verify` walks the chains.
 *
 * The operation log is split into OPERATION_SHARDS chains (the row's `shard`), each with its own lock
 * and its own previous hash: audit rows written inside business transactions (a transition, a money
 * move) then wait only for the few rows of their shard, not for every audited write of the platform
 * (issue 9, "Scale"). A record's rows always go to the same shard, so its history is one chain.
 * The shard number is not hashed: moving a row to another shard breaks both chains anyway.
 *
 * `appendOperationLog` runs on the caller's transaction when given one, so a business change and its
 * audit row commit together or not at all (issue 18, section 2). Append it as the transaction's last
 * statement: the shard lock is then held only for the commit, and no lock is taken after it.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { loginLog, operationLog } from '../modules/sys/schema.ts';
import { canonicalJson, sha256 } from './hashing.ts';
import type { Executor, Tx } from './ledger/accounts.ts';

export const GENESIS_HASH = '0'.repeat(64);
export const OPERATION_SHARDS = 16;

type LoginRow = Omit<typeof loginLog.$inferInsert, 'id' | 'prevHash' | 'hash'>;
export type OperationRow = Omit<typeof operationLog.$inferInsert, 'id' | 'prevHash' | 'hash' | 'shard'>;

const chains = {
  login_log: { table: loginLog, lock: 71_001, shards: 1 },
  operation_log: { table: operationLog, lock: 71_100, shards: OPERATION_SHARDS },
} as const;

type ChainName = keyof typeof chains;

/** The fields a row's hash covers, in a fixed form that survives a database round trip. */
function content(name: ChainName, row: Record<string, unknown>): string {
  const { id: _id, prevHash: _p, hash: _h, shard: _s, ...rest } = row;
  return canonicalJson({ chain: name, ...rest });
}

export function rowHash(name: ChainName, prevHash: string, row: Record<string, unknown>): string {
  return sha256(`${prevHash}\n${content(name, row)}`);
}

/** The shard of an operation-log row: by its object (one chain per record), else by its operator. */
export function shardOf(row: Pick<OperationRow, 'objectType' | 'objectId' | 'operatorId'>): number {
  const key =
    row.objectId != null ? `${row.objectType ?? ''}:${row.objectId}` : `op:${row.operatorId ?? '-'}`;
  return Number.parseInt(sha256(key).slice(0, 8), 16) % OPERATION_SHARDS;
}

/**
 * Two statements under the chain's lock: the lock, then the INSERT, which reads the previous hash and
 * hashes the row in PostgreSQL (the same sha256 over the same text as rowHash), so the head is not
 * fetched in a round trip of its own. The INSERT is a new statement after the lock was granted, so its
 * snapshot sees every row committed before it (a single statement would read a snapshot taken before
 * waiting for the lock and could fork the chain).
 */
async function appendIn(tx: Tx, name: ChainName, row: Record<string, unknown>, shard: number) {
  const { table, lock } = chains[name];
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${lock + shard})`);
  const head =
    name === 'operation_log'
      ? sql`(SELECT ${operationLog.hash} FROM ${operationLog} WHERE ${operationLog.shard} = ${shard}
             ORDER BY ${operationLog.id} DESC LIMIT 1)`
      : sql`(SELECT ${table.hash} FROM ${table} ORDER BY ${table.id} DESC LIMIT 1)`;
  const prevHash = sql`coalesce(${head}, ${GENESIS_HASH}::text)`;
  const hash = sql`encode(sha256(convert_to(${prevHash} || chr(10) || ${content(name, row)}::text, 'UTF8')), 'hex')`;
  const values = { ...row, prevHash, hash };
  await tx.insert(table).values((name === 'operation_log' ? { ...values, shard } : values) as never);
}

function append(exec: Executor, name: ChainName, row: Record<string, unknown>, shard = 0) {
  if (exec instanceof PgTransaction) return appendIn(exec as Tx, name, row, shard);
  return (exec as Db).transaction((tx) => appendIn(tx, name, row, shard));
}

export const appendLoginLog = (db: Db, row: LoginRow) => append(db, 'login_log', row);

/** On `exec` = a transaction: inside it (commits with the business change); on the client: its own. */
export const appendOperationLog = (exec: Executor, row: OperationRow) =>
  append(exec, 'operation_log', row, shardOf(row));

export interface ChainReport {
  chain: ChainName;
  rows: number;
  /** Id of the first row whose hash does not follow, if any. */
  brokenAt?: number;
}

/** Walks every shard of a chain; reports the rows checked and the first broken row, if any. */
export async function verifyChain(db: Db, name: ChainName): Promise<ChainReport> {
  let rows = 0;
  for (let shard = 0; shard < chains[name].shards; shard++) {
    const report = await verifyShard(db, name, shard);
    rows += report.rows;
    if (report.brokenAt !== undefined) return { chain: name, rows, brokenAt: report.brokenAt };
  }
  return { chain: name, rows };
}

async function verifyShard(db: Db, name: ChainName, shard: number) {
  const { table } = chains[name];
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let rows = 0;
  for (;;) {
    const batch = (
      name === 'operation_log'
        ? await db
            .select()
            .from(operationLog)
            .where(and(eq(operationLog.shard, shard), gt(operationLog.id, lastId)))
            .orderBy(asc(operationLog.id))
            .limit(5000)
        : await db.select().from(table).where(gt(table.id, lastId)).orderBy(asc(table.id)).limit(5000)
    ) as (Record<string, unknown> & { id: number; prevHash: string; hash: string })[];
    if (batch.length === 0) return { rows };
    for (const row of batch) {
      if (row.prevHash !== prevHash || row.hash !== rowHash(name, prevHash, row)) {
        return { rows, brokenAt: row.id };
      }
      prevHash = row.hash;
      lastId = row.id;
      rows++;
    }
  }
}

export const CHAINS = Object.keys(chains) as ChainName[];
