/**
 * The engine's reads per deposit as statements built once and prepared by name (db/named-statement.ts):
 * building them through the query builder per match cost more server CPU than PostgreSQL spent running
 * them (issue 12: CPU per match). The deposit's rule and its merchant's split settings are one
 * statement; the candidate scan is one statement per shape (rule mode, order, level filter).
 */
import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { clientOf, type NamedStatement, namedSql } from '../../db/named-statement.ts';
import type { Executor } from '../../platform/ledger/index.ts';
import { merchants } from '../mch/schema.ts';
import { members } from '../member/schema.ts';
import { riskFreezes } from '../risk/risk.schema.ts';
import {
  type MatchMerchantConfig,
  type MatchRule,
  matchMerchantConfig,
  matchPool,
  matchRules,
} from './match.schema.ts';

const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/** A table's columns as `alias.column`, and as fields keyed `alias.property` (in that order). */
function columnsOf(table: PgTable, alias: string) {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  return {
    list: sql.join(
      columns.map(([, c]) => sql`${sql.identifier(alias)}.${sql.identifier(c.name)}`),
      sql`, `,
    ),
    fields: Object.fromEntries(columns.map(([k, c]) => [`${alias}.${k}`, c])),
  };
}

/** A row's fields of one alias, keys without it; undefined when the alias's row was missing (its id null). */
function part<T>(row: Record<string, unknown>, alias: string): T | undefined {
  if (row[`${alias}.id`] === null) return undefined;
  const prefix = `${alias}.`;
  return Object.fromEntries(
    Object.entries(row)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  ) as T;
}

let settings: NamedStatement | undefined;

/**
 * The rule for a deposit amount (the first enabled one, lowest id, whose range holds it), the
 * merchant's enabled split settings (none: undefined), and the minutes a match waits for its payer
 * (the merchant's match timeout, mch/merchantTimeoutConfigPage, else the rule's), in one statement.
 */
export async function matchSettings(
  tx: Executor,
  merchantId: number,
  amount: string,
): Promise<{ rule?: MatchRule; payMinutes?: number; config?: MatchMerchantConfig }> {
  if (!settings) {
    const r = columnsOf(matchRules, 'r');
    const c = columnsOf(matchMerchantConfig, 'c');
    settings = namedSql(
      'match_settings',
      sql`SELECT ${r.list}, ${c.list}, m.match_timeout FROM (SELECT 1) one
      LEFT JOIN LATERAL (SELECT * FROM ${matchRules}
                          WHERE enabled AND min_amount <= ${p('amount', 'numeric')} AND max_amount >= ${p('amount', 'numeric')}
                          ORDER BY id LIMIT 1) r ON true
      LEFT JOIN LATERAL (SELECT * FROM ${matchMerchantConfig}
                          WHERE merchant_id = ${p('merchantId', 'int')} AND enabled) c ON true
      LEFT JOIN ${merchants} m ON m.id = ${p('merchantId', 'int')}`,
      { ...r.fields, ...c.fields, 'm.matchTimeout': merchants.matchTimeout },
    );
  }
  const [row] = await settings.rows(clientOf(tx), { merchantId, amount });
  const rule = part<MatchRule>(row!, 'r');
  const config = part<MatchMerchantConfig>(row!, 'c');
  const payMinutes = (row!['m.matchTimeout'] as number | null) ?? rule?.payMinutes;
  return {
    ...(rule ? { rule } : {}),
    ...(payMinutes === undefined ? {} : { payMinutes }),
    ...(config ? { config } : {}),
  };
}

export type Candidate = {
  id: number;
  withdraw_order_id: number;
  remaining: string;
};

export interface CandidateScan {
  poolGroup: string;
  /** The match's time: a freeze live then holds its entries back. */
  now: Date;
  oldest: Date;
  payerId: number;
  /** The levels that may pair with the payer's (risk levels); null: no levels defined, open. */
  levels: { credit: number[]; match: number[] } | null;
  /** Exact: one entry must hold the whole deposit. */
  exact: boolean;
  amount: string;
  /**
   * The least remaining that can give a piece (split mode: the smaller of the deposit and the minimum
   * piece). Smaller remainders ("dust" a piece left behind) are not candidates: the oldest entries of
   * a busy pool are mostly dust, and a scan of N candidates all dust would leave the deposit waiting
   * beside a pool that holds plenty.
   */
  least: string;
  byAmount: boolean;
  limit: number;
}

const scans = new Map<string, NamedStatement>();

/**
 * Whether a pool entry `p` (its member `mb`) may be paid now: its merchant is not frozen (it cannot
 * pay out) and no live freeze of matching or withdrawals (mch_frozen_list) covers its member or its
 * merchant. Two index probes (the merchant's key, `risk_freezes_live_idx`). An entry held back stays
 * in the pool until the freeze ends.
 */
const payeeFree = (
  now: SQL,
) => sql`NOT EXISTS (SELECT 1 FROM ${merchants} mc WHERE mc.id = p.merchant_id AND mc.status = 'frozen')
       AND NOT EXISTS (SELECT 1 FROM ${riskFreezes} f
             WHERE f.status = 'active' AND f.merchant_id = p.merchant_id AND f.member_account IN ('', lower(mb.account))
               AND f.expires_at > ${now} AND (f.freeze_match OR f.freeze_withdraw))`;

/** Whether the pool entry `poolId` may be paid now (payeeFree): an operator's manual match asks. */
export async function entryPayable(tx: Executor, poolId: number, now: Date): Promise<boolean> {
  const { rows } = await tx.execute<{
    free: boolean;
  }>(sql`SELECT ${payeeFree(sql`${now.toISOString()}::timestamptz`)} AS free
      FROM ${matchPool} p JOIN ${members} mb ON mb.id = p.member_id WHERE p.id = ${poolId}`);
  return rows[0]?.free === true;
}

/**
 * The candidate pool entries, locked `FOR UPDATE OF p SKIP LOCKED` in the live-pool index's order:
 * members not frozen, never the payer, of the levels that may pair, payable now (payeeFree).
 */
export async function candidates(tx: Executor, q: CandidateScan): Promise<Candidate[]> {
  const key = `${q.exact}:${q.byAmount}:${q.levels !== null}`;
  let scan = scans.get(key);
  if (!scan) {
    scan = namedSql(
      `match_candidates_${key.replaceAll(':', '_')}`,
      sql`
    SELECT p.id, p.withdraw_order_id, p.remaining::text AS remaining
      FROM ${matchPool} p JOIN ${members} mb ON mb.id = p.member_id
     WHERE p.pool_group = ${p('poolGroup', 'text')} AND p.remaining > 0
       AND p.entered_at >= ${p('oldest', 'timestamptz')}
       AND mb.status = 'normal' AND mb.id <> ${p('payerId', 'bigint')}
       AND ${payeeFree(p('now', 'timestamptz'))}
       ${q.levels ? sql`AND mb.level = ANY(${p('credit', 'int[]')}) AND mb.match_level = ANY(${p('match', 'int[]')})` : sql``}
       ${q.exact ? sql`AND p.remaining >= ${p('amount', 'numeric')}` : sql`AND p.remaining >= ${p('least', 'numeric')}`}
     ORDER BY p.priority DESC, ${q.byAmount ? sql`p.remaining DESC` : sql`p.entered_at ASC`}, p.id
     LIMIT ${p('limit', 'int')}
       FOR UPDATE OF p SKIP LOCKED`,
    );
    scans.set(key, scan);
  }
  const { levels, ...values } = q;
  const rows = await scan.arrays(clientOf(tx), { ...values, ...levels });
  return rows.map(([id, withdrawOrderId, remaining]) => ({
    id: Number(id),
    withdraw_order_id: Number(withdrawOrderId),
    remaining: String(remaining),
  }));
}

let member: NamedStatement | undefined;

/** A merchant's member by account (the payer of every deposit, the payee of every pooled withdrawal). */
export async function memberRow(tx: Executor, merchantId: number, account: string) {
  const m = columnsOf(members, 'm');
  member ??= namedSql(
    'match_member',
    sql`SELECT ${m.list} FROM ${members} m WHERE m.merchant_id = ${p('merchantId', 'int')} AND m.account = ${p('account', 'text')}`,
    m.fields,
  );
  const [row] = await member.rows(clientOf(tx), { merchantId, account });
  return row && part<typeof members.$inferSelect>(row, 'm');
}
