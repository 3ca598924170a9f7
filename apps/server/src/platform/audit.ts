/**
 * The hash-chained, append-only logs (PCI DSS 10.2, 10.3). Each row carries the hash of the row
 * before it; rows are written under a transaction-scoped advisory lock so the chain has no forks even
 * with several server instances. `npm run audit:verify` walks the chains.
 */
import { asc, desc, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginLog, operationLog } from '../modules/sys/schema.ts';
import { canonicalJson, sha256 } from './hashing.ts';

export const GENESIS_HASH = '0'.repeat(64);

type LoginRow = Omit<typeof loginLog.$inferInsert, 'id' | 'prevHash' | 'hash'>;
type OperationRow = Omit<typeof operationLog.$inferInsert, 'id' | 'prevHash' | 'hash'>;

const chains = {
  login_log: { table: loginLog, lock: 71_001 },
  operation_log: { table: operationLog, lock: 71_002 },
} as const;

type ChainName = keyof typeof chains;

/** The fields a row's hash covers, in a fixed form that survives a database round trip. */
function content(name: ChainName, row: Record<string, unknown>): string {
  const { id: _id, prevHash: _p, hash: _h, ...rest } = row;
  return canonicalJson({ chain: name, ...rest });
}

export function rowHash(name: ChainName, prevHash: string, row: Record<string, unknown>): string {
  return sha256(`${prevHash}\n${content(name, row)}`);
}

async function append(db: Db, name: ChainName, row: Record<string, unknown>): Promise<void> {
  const { table, lock } = chains[name];
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${lock})`);
    const [last] = await tx.select({ hash: table.hash }).from(table).orderBy(desc(table.id)).limit(1);
    const prevHash = last?.hash ?? GENESIS_HASH;
    await tx.insert(table).values({ ...row, prevHash, hash: rowHash(name, prevHash, row) } as never);
  });
}

export const appendLoginLog = (db: Db, row: LoginRow) => append(db, 'login_log', row);
export const appendOperationLog = (db: Db, row: OperationRow) => append(db, 'operation_log', row);

export interface ChainReport {
  chain: ChainName;
  rows: number;
  /** Id of the first row whose hash does not follow, if any. */
  brokenAt?: number;
}

export async function verifyChain(db: Db, name: ChainName): Promise<ChainReport> {
  const { table } = chains[name];
  let prevHash = GENESIS_HASH;
  let lastId = 0;
  let rows = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(table)
      .where(gt(table.id, lastId))
      .orderBy(asc(table.id))
      .limit(5000);
    if (batch.length === 0) return { chain: name, rows };
    for (const row of batch) {
      if (row.prevHash !== prevHash || row.hash !== rowHash(name, prevHash, row)) {
        return { chain: name, rows, brokenAt: row.id };
      }
      prevHash = row.hash;
      lastId = row.id;
      rows++;
    }
  }
}

export const CHAINS = Object.keys(chains) as ChainName[];
