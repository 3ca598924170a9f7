/**
 * A deposit's match written in ONE statement (issue 12: statements and CPU per match): the deposit's
 * `matchFound` transition and every piece, as data-modifying CTEs of one statement in the caller's
 * transaction, instead of 2 statements per piece and 5 for the transition:
 *
 *   upd   the transition's guarded UPDATE (transitions' guardedUpdate: row locked in its subquery,
 *         changed only from `created`), with its `check` hook as SQL (a matched deposit only) and the
 *         columns it sets (no more expiry: each match has its deadline);
 *   hist  its status-history row; ev its order_events row (order-hooks' orderEventRow);
 *   take  each piece's guarded `remaining = remaining - take WHERE remaining >= take` (the caller holds
 *         the entries' row locks: the engine's SKIP LOCKED scan, a manual match's FOR UPDATE), only
 *         once the deposit changed;
 *   ins   each piece's match row, from the entry it took from;
 *   head, log  the operation-log row, the same row runSystemTransition writes (systemAuditRow), its
 *         shard's head locked after the deposit's row, as every transition does.
 *
 * Any guard that does not hold (the deposit no longer waiting, an entry holding less than its piece)
 * answers fewer rows than pieces: this throws, and the caller's transaction rolls back whole.
 */
import { orderDepositList } from '@payops/contracts';
import { eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { clientOf, NamedStatement } from '../../db/named-statement.ts';
import { chainAppendSql, chainAppendValues, chainRowKeys } from '../../platform/audit.ts';
import { sha256 } from '../../platform/hashing.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import {
  type Actor,
  beforeAndAfter,
  gatedInsert,
  guardedUpdate,
  registeredResource,
  systemActor,
  systemAuditRow,
  withHistory,
} from '../../platform/transitions/index.ts';
import { orderEventRow } from '../order/order-hooks.ts';
import { type DepositOrder, depositOrders, orderEvents } from '../order/schema.ts';
import { type Match, matches, matchPool } from './match.schema.ts';
import { type MatchContext, newMatchNo } from './match-engine.ts';

export interface Piece {
  poolId: number;
  take: string;
  fee: string;
  deadline: Date | null;
  /** A manual match waits for its checker: `proposed`, by its maker. */
  proposedBy?: number | null;
}

const TRANSITION = orderDepositList.lifecycle!.transitions.matchFound!;
const EVENT_PREFIX = 'ev_';
const MATCH_PREFIX = 'match.';
const matchColumns = getTableColumns(matches) as Record<string, PgColumn>;

/** The statement per audit row shape (its keys), built once and prepared by name. */
const statements = new Map<string, { statement: NamedStatement; depositFields: number }>();

function statementFor(tx: Tx, auditKeys: string[], eventKeys: string[]) {
  const key = auditKeys.join(',');
  const hit = statements.get(key);
  if (hit) return hit;
  const r = registeredResource(orderDepositList);
  const { update, fields } = guardedUpdate(tx, r, TRANSITION, {
    set: { expiresAt: null },
    // The order hooks' family check (family-guard.ts) as the UPDATE's condition.
    where: eq(depositOrders.family, 'match'),
  });
  const col = (k: string) => sql.identifier(matchColumns[k]!.name);
  const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  // Each match column's value: the deposit's (upd), the entry's (take), the piece's, or the call's.
  const values: Record<string, SQL> = {
    matchNo: sql`t.match_no`,
    poolId: sql`t.id`,
    depositOrderId: sql`upd.id`,
    depositOrderNo: sql`upd.order_no`,
    depositMerchantId: sql`upd.merchant_id`,
    depositMchNo: sql`upd.mch_no`,
    payerMember: p('payerMember', 'text'),
    payerName: p('payerName', 'text'),
    withdrawOrderId: sql`t.withdraw_order_id`,
    withdrawOrderNo: sql`t.withdraw_order_no`,
    withdrawMerchantId: sql`t.merchant_id`,
    withdrawMchNo: sql`t.mch_no`,
    payeeMember: sql`t.member_account`,
    payeeBank: sql`t.payee_bank`,
    payeeName: sql`t.payee_name`,
    payeeAccountNo: sql`t.payee_account_no`,
    amount: sql`t.take`,
    depositFee: sql`t.fee`,
    deadline: sql`t.deadline`,
    status: sql`t.status`,
    manualBy: sql`t.manual_by`,
    createdAt: p('now', 'timestamptz'),
    updatedAt: p('now', 'timestamptz'),
  };
  const { head, insert } = chainAppendSql('operation_log', auditKeys, 'upd');
  const more = sql`
    piece AS (
      SELECT * FROM unnest(${p('poolIds', 'bigint[]')}, ${p('takes', 'numeric[]')}, ${p('fees', 'numeric[]')},
                           ${p('matchNos', 'text[]')}, ${p('statuses', 'text[]')}, ${p('manualBy', 'int[]')}, ${p('deadlines', 'timestamptz[]')})
               WITH ORDINALITY AS x(pool_id, take, fee, match_no, status, manual_by, deadline, n)),
    take AS (
      UPDATE ${matchPool} e SET remaining = e.remaining - x.take, updated_at = ${p('now', 'timestamptz')}
        FROM piece x, upd
       WHERE e.id = x.pool_id AND e.remaining >= x.take
      RETURNING e.*, x.take, x.fee, x.match_no, x.status, x.manual_by, x.deadline, x.n),
    ins AS (
      INSERT INTO ${matches} (${sql.join(Object.keys(values).map(col), sql`, `)})
      SELECT ${sql.join(Object.values(values), sql`, `)} FROM take t, upd ORDER BY t.n
      RETURNING ${sql.join(Object.keys(matchColumns).map(col), sql`, `)}),
    ev AS (${gatedInsert(orderEvents, eventKeys, 'upd', { prefix: EVENT_PREFIX })}),
    head AS (${head}), log AS (${insert})`;
  const statement = new NamedStatement(
    `match_write_${sha256(key).slice(0, 24)}`,
    withHistory(update, more, sql`SELECT upd.*, ins.* FROM upd, ins ORDER BY ins.id`),
    {
      ...fields,
      ...Object.fromEntries(Object.entries(matchColumns).map(([k, c]) => [MATCH_PREFIX + k, c])),
    } as never,
  );
  const made = { statement, depositFields: Object.keys(fields).length };
  statements.set(key, made);
  return made;
}

/**
 * Writes a waiting deposit's match (its pieces, in order) and its `matchFound` transition by `actor`
 * (default: the platform) in one statement on `tx`; answers the deposit after and the match rows.
 */
export async function writeMatch(
  tx: Tx,
  m: MatchContext,
  pieces: readonly Piece[],
  actor: Actor = systemActor(),
): Promise<{ order: DepositOrder; matches: Match[] }> {
  const d = m.deposit;
  const { now } = m;
  const body = { id: d.id };
  const after = { ...d, status: TRANSITION.to };
  const audit = systemAuditRow(
    orderDepositList,
    TRANSITION,
    { before: d, after, result: null, extra: {} },
    body,
    actor,
    now,
  );
  const event = orderEventRow('deposit', TRANSITION.name, after as DepositOrder, d.status, {
    actor,
    body,
    now,
  });
  const { statement, depositFields } = statementFor(tx, chainRowKeys(audit), Object.keys(event));
  const values: Record<string, unknown> = {
    // The guarded UPDATE's and the status history's.
    id: d.id,
    now,
    resource: orderDepositList.name,
    recordId: String(d.id),
    transition: TRANSITION.name,
    toStatus: TRANSITION.to,
    operatorId: actor.operatorId,
    operatorName: actor.username,
    reason: '',
    at: now,
    ...Object.fromEntries(Object.entries(event).map(([k, v]) => [EVENT_PREFIX + k, v])),
    ...chainAppendValues('operation_log', audit),
    // The pieces'.
    poolIds: pieces.map((p) => p.poolId),
    takes: pieces.map((p) => p.take),
    fees: pieces.map((p) => p.fee),
    matchNos: pieces.map(() => newMatchNo(now)),
    statuses: pieces.map((p) => (p.proposedBy !== undefined ? 'proposed' : 'matched')),
    manualBy: pieces.map((p) => p.proposedBy ?? null),
    deadlines: pieces.map((p) => p.deadline),
    payerMember: m.payer.account,
    payerName: m.payerName ?? m.payer.realName,
  };
  const rows = await statement.arrays(clientOf(tx), values);
  if (rows.length !== pieces.length)
    throw new Error(`deposit ${d.orderNo}: no longer waiting, or a pool entry holds less than its piece`);
  // Each row: the deposit's fields (the same on every row), then one match's.
  const keys = statement.names;
  const part = (row: unknown[], from: number, to: number, name = (k: string) => k) =>
    Object.fromEntries(keys.slice(from, to).map((k, i) => [name(k), row[from + i]]));
  const deposit = part(rows[0]!, 0, depositFields);
  const order = beforeAndAfter(registeredResource(orderDepositList), deposit).after as DepositOrder;
  const written = rows.map(
    (row) => part(row, depositFields, keys.length, (k) => k.slice(MATCH_PREFIX.length)) as Match,
  );
  return { order, matches: written };
}
