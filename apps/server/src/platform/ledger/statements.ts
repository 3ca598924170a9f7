/**
 * The ledger's per-posting statements, built once and prepared by name on each connection (as the
 * transitions' and the audit's are, db/named-statement.ts): a money transition runs six to eight of
 * them, and building each through the query builder per call cost more CPU than PostgreSQL spent
 * running it (issue 10, "Data and measurement": deposit approvals). Same SQL, same guards.
 */
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { type PgColumn, PgDialect, QueryBuilder } from 'drizzle-orm/pg-core';
import { NamedStatement } from '../../db/named-statement.ts';
import { ledgerAccounts, ledgerPostings } from './schema.ts';

const qb = new QueryBuilder();
const dialect = new PgDialect();
const p = (name: string) => sql.placeholder(name);
/** Raw SQL with named placeholders, for statements the builder cannot say. */
const raw = (statement: ReturnType<typeof sql>) => ({ toSQL: () => dialect.sqlToQuery(statement) });

const accountColumns = getTableColumns(ledgerAccounts);

/** An owner's account in a currency (ensureAccount's lookup). */
export const findAccountStatement = new NamedStatement(
  'ledger_find_account',
  qb
    .select(accountColumns)
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.ownerType, p('ownerType') as never),
        eq(ledgerAccounts.ownerId, p('ownerId') as never),
        eq(ledgerAccounts.currency, p('currency') as never),
      ),
    ),
  accountColumns,
);

/** The currencies of an entry's accounts. */
export const accountCurrencies = new NamedStatement(
  'ledger_account_currencies',
  raw(sql`SELECT id, currency FROM ledger_accounts WHERE id = ANY(${p('ids')}::bigint[])`),
  { id: sql<number>`id`.mapWith(Number), currency: sql<string>`currency` },
);

/**
 * The journal row, with the id drawn beforehand (`id`, from ledger_entry_seq) or a new one; no row
 * when its business event was posted already.
 */
export const insertEntryStatement = new NamedStatement(
  'ledger_insert_entry',
  raw(sql`INSERT INTO ledger_entries (id, kind, ref_type, ref_id, event, created_at)
    VALUES (coalesce(${p('id')}::bigint, nextval('ledger_entry_seq')), ${p('kind')}, ${p('refType')}, ${p('refId')}, ${p('event')},
            ${p('at')}::timestamptz)
    ON CONFLICT DO NOTHING RETURNING id`),
  { id: sql<number>`id`.mapWith(Number) },
);

/**
 * A leg's guarded balance change: the WHERE refuses a balance below zero (unless allowed) or beyond
 * what the column holds, or a posting dated inside the account's settled days; the row lock it takes serialises parallel postings on the account.
 */
export const applyLegStatement = new NamedStatement(
  'ledger_apply_leg',
  raw(sql`UPDATE ledger_accounts
       SET available = available + ${p('amount')}::numeric,
           frozen = frozen + ${p('frozen')}::numeric,
           updated_at = ${p('at')}::timestamptz
     WHERE id = ${p('id')}::bigint
       AND (allow_negative OR available + ${p('amount')}::numeric >= 0)
       AND frozen + ${p('frozen')}::numeric >= 0
       AND abs(available + ${p('amount')}::numeric) < ${p('limit')}::numeric
       AND frozen + ${p('frozen')}::numeric < ${p('limit')}::numeric
       AND (settled_until IS NULL OR ${p('at')}::timestamptz >= settled_until)
 RETURNING owner_type, owner_id, owner_code, merchant_id, currency, available, frozen`),
  {
    owner_type: sql<string>`owner_type`,
    owner_id: sql<number>`owner_id`.mapWith(Number),
    owner_code: sql<string>`owner_code`,
    merchant_id: sql<number | null>`merchant_id`,
    currency: sql<string>`currency`,
    available: sql<string>`available`,
    frozen: sql<string>`frozen`,
  },
);

const postingColumns: Record<string, PgColumn> = getTableColumns(ledgerPostings);
const postingKeys = Object.keys(postingColumns).filter((k) => k !== 'id');
const postingInserts = new Map<number, NamedStatement>();

/** The INSERT of `n` posting rows (one statement per leg count), returning them. */
export function insertPostingsStatement(n: number): NamedStatement {
  const hit = postingInserts.get(n);
  if (hit) return hit;
  const rows = Array.from({ length: n }, (_, i) =>
    Object.fromEntries(postingKeys.map((k) => [k, p(`${k}_${i}`)])),
  );
  const made = new NamedStatement(
    `ledger_insert_postings_${n}`,
    {
      toSQL: () =>
        dialect.sqlToQuery(
          sql`INSERT INTO ${ledgerPostings} (${sql.join(
            postingKeys.map((k) => sql.identifier(postingColumns[k]!.name)),
            sql`, `,
          )}) VALUES ${sql.join(
            rows.map(
              (r) =>
                sql`(${sql.join(
                  postingKeys.map((k) => sql`${sql.param(r[k], postingColumns[k])}`),
                  sql`, `,
                )})`,
            ),
            sql`, `,
          )} RETURNING ${sql.join(
            Object.values(postingColumns).map((c) => sql.identifier(c.name)),
            sql`, `,
          )}`,
        ),
    },
    postingColumns,
  );
  postingInserts.set(n, made);
  return made;
}

/** Values for insertPostingsStatement: each row's fields under `<field>_<row>`. */
export function postingValues(rows: readonly Record<string, unknown>[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  rows.forEach((r, i) => {
    for (const k of postingKeys) values[`${k}_${i}`] = r[k] ?? null;
  });
  return values;
}
