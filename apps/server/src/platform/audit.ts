/**
 * The hash-chained, append-only logs (PCI DSS 10.2, 10.3). Each row carries the hash of the row
 * before it in its chain; a chain's rows are written under the row lock of its head
 * (audit_chain_heads, held to the end of the transaction) so it has no forks even with several server
 * instances. `npm run audit:verify` walks the chains.
 *
 * The operation log is split into OPERATION_SHARDS chains (the row's `shard`), each with its own head: audit rows written inside business transactions (a transition, a money
 * move) then wait only for the few rows of their shard, not for every audited write of the platform
 * (issue 9, "Scale"). A record's rows always go to the same shard, so its history is one chain.
 * The shard number is not hashed: moving a row to another shard breaks both chains anyway.
 *
 * `appendOperationLog` runs on the caller's transaction when given one, so a business change and its
 * audit row commit together or not at all (issue 18, section 2). Append it as the transaction's last
 * statement: the shard's head is then locked only for the commit, and no lock is taken after it.
 */
import { and, asc, eq, getTableColumns, gt, Param, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { clientOf, type NamedStatement, namedSql } from '../db/named-statement.ts';
import { loginLog, operationLog } from '../modules/sys/schema.ts';
import { auditChainHeads, OPERATION_SHARDS } from './audit.schema.ts';
import { canonicalJson, sha256 } from './hashing.ts';
import type { Executor } from './ledger/accounts.ts';

export const GENESIS_HASH = '0'.repeat(64);

type LoginRow = Omit<typeof loginLog.$inferInsert, 'id' | 'prevHash' | 'hash'>;
export type OperationRow = Omit<typeof operationLog.$inferInsert, 'id' | 'prevHash' | 'hash' | 'shard'>;

const chains = {
  login_log: { table: loginLog, shards: 1 },
  operation_log: { table: operationLog, shards: OPERATION_SHARDS },
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
 * The sequence of a chain's ids (its bigserial's, as PostgreSQL names it), named in the statement: a
 * constant the parser resolves once, where pg_get_serial_sequence looked it up in the catalogue on
 * every audited row (3% of PostgreSQL's CPU in a state change). audit.test.ts checks the name.
 */
export const sequenceOf = (name: ChainName) => `${name}_id_seq`;

/** Per chain and row shape (its keys): the append statement, built once and prepared by name. */
const statements = new Map<string, NamedStatement>();

/** The keys of a row that are written (undefined ones are left to their defaults). */
export const chainRowKeys = (row: Record<string, unknown>) =>
  Object.keys(row).filter((k) => row[k] !== undefined);

/**
 * Rows that differ by case (one per state a record may be in before a change): `keys` (and the
 * content) are chosen by `by` among `cases`, their values given as `<key>__<i>` and `case__<i>`.
 */
export interface Choice {
  by: SQL;
  cases: readonly unknown[];
  keys: readonly string[];
}

/**
 * The two parts of an append: `head`, the data-modifying CTE that moves the chain's head to the row,
 * and `insert`, the row's INSERT that reads `head`. Given `gate` (the name of an earlier CTE), the head
 * moves and the row is written only when that CTE answered a row (one statement: a change and its
 * audit row, transitions/one-statement.ts).
 */
export function chainAppendSql(name: ChainName, keys: readonly string[], gate?: string, choose?: Choice) {
  const { table } = chains[name];
  const sharded = chains[name].shards > 1;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const pick = (k: string, one: (placeholder: string) => SQL) =>
    choose && (k === 'content' || choose.keys.includes(k))
      ? sql`(CASE ${choose.by} ${sql.join(
          choose.cases.map(
            (_, i) => sql`WHEN ${sql.placeholder(`case__${i}`)}::text THEN ${one(`${k}__${i}`)}`,
          ),
          sql` `,
        )} END)`
      : one(k);
  const content = pick('content', (n) => sql`${sql.placeholder(n)}::text`);
  const hashOf = (prev: SQL) =>
    sql`encode(sha256(convert_to(${prev} || chr(10) || ${content}, 'UTF8')), 'hex')`;
  const shard = sharded ? sql`${sql.placeholder('shard')}::smallint` : sql`0::smallint`;
  const names = sql.join(
    [...keys, ...(sharded ? ['shard'] : []), 'id', 'prevHash', 'hash'].map((k) =>
      sql.identifier(columns[k]!.name),
    ),
    sql`, `,
  );
  const values = sql.join(
    [
      // In a SELECT (gated) a parameter is typed by its cast, not by the column it goes to.
      ...keys.map((k) =>
        pick(k, (n) =>
          gate
            ? sql`${new Param(sql.placeholder(n), columns[k])}::${sql.raw(columns[k]!.getSQLType())}`
            : sql`${new Param(sql.placeholder(n), columns[k])}`,
        ),
      ),
      ...(sharded ? [shard] : []),
      sql`(SELECT id FROM head)`,
      sql`(SELECT prev_hash FROM head)`,
      sql`(SELECT hash FROM head)`,
    ],
    sql`, `,
  );
  const first = sql`${sql.raw(`'${name}'`)}, ${shard}, ${sql.raw(`'${GENESIS_HASH}'`)}, ${hashOf(sql.raw(`'${GENESIS_HASH}'`))}`;
  const head = sql`INSERT INTO ${auditChainHeads} AS h (chain, shard, prev_hash, hash)
      ${gate ? sql`SELECT ${first} WHERE EXISTS (SELECT 1 FROM ${sql.identifier(gate)})` : sql`VALUES (${first})`}
      ON CONFLICT (chain, shard) DO UPDATE SET prev_hash = h.hash, hash = ${hashOf(sql`h.hash`)}
      RETURNING nextval(${sql.raw(`'${sequenceOf(name)}'`)}::regclass) AS id, prev_hash, hash`;
  const insert = gate
    ? sql`INSERT INTO ${table} (${names}) SELECT ${values} FROM head`
    : sql`INSERT INTO ${table} (${names}) VALUES (${values})`;
  return { head, insert };
}

/**
 * ONE statement appends a row: the chain's head (audit_chain_heads) moves to the row first, in a
 * data-modifying CTE. Its row lock orders the writers of a shard, and an upsert that waited for it
 * reads the head as the writer before committed it, not as of the statement's start, so the chain
 * cannot fork. The row's id is drawn in the same RETURNING, after the lock: ids follow the chain order,
 * which is the order audit:verify walks. The hash is the same sha256 over the same text as rowHash.
 */
function appendStatement(name: ChainName, row: Record<string, unknown>): NamedStatement {
  const keys = chainRowKeys(row);
  const id = `${name}:${keys.join(',')}`;
  const hit = statements.get(id);
  if (hit) return hit;
  const { head, insert } = chainAppendSql(name, keys);
  const statement = sql`WITH head AS (${head}) ${insert}`;
  const made = namedSql(`audit_${sha256(id).slice(0, 24)}`, statement);
  statements.set(id, made);
  return made;
}

/** The values of an append statement's placeholders for `row` (its content, its shard). */
export function chainAppendValues(name: ChainName, row: Record<string, unknown>): Record<string, unknown> {
  const shard = name === 'operation_log' ? shardOf(row as OperationRow) : 0;
  return { ...row, content: content(name, row), shard };
}

async function append(exec: Executor, name: ChainName, row: Record<string, unknown>) {
  // One statement is atomic on its own: outside a transaction it needs none.
  await appendStatement(name, row).arrays(clientOf(exec), chainAppendValues(name, row));
}

export const appendLoginLog = (db: Db, row: LoginRow) => append(db, 'login_log', row);

/** On `exec` = a transaction: inside it (commits with the business change); on the client: its own. */
export const appendOperationLog = (exec: Executor, row: OperationRow) => append(exec, 'operation_log', row);

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
