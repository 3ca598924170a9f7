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

/**
 * An owner's account id, and whether another transaction opened it (created before this transaction
 * began, so committed): accounts.ts accountIdOf keeps only those.
 */
export const accountIdStatement = new NamedStatement(
  'ledger_account_id',
  raw(sql`SELECT id, created_at < transaction_timestamp() AS committed FROM ledger_accounts
    WHERE owner_type = ${p('ownerType')} AND owner_id = ${p('ownerId')}::bigint AND currency = ${p('currency')}`),
  { id: sql<number>`id`.mapWith(Number), committed: sql<boolean>`committed` },
);

/** Several owners' accounts at once (ensureAccounts): arrays of owner type, owner id and currency. */
export const findAccountsStatement = new NamedStatement(
  'ledger_find_accounts',
  raw(sql`SELECT a.* FROM ledger_accounts a
    JOIN unnest(${p('ownerTypes')}::text[], ${p('ownerIds')}::bigint[], ${p('currencies')}::text[]) AS k(t, i, c)
      ON a.owner_type = k.t AND a.owner_id = k.i AND a.currency = k.c`),
  accountColumns,
);

/** The currencies of an entry's accounts. */
export const accountCurrencies = new NamedStatement(
  'ledger_account_currencies',
  raw(sql`SELECT id, currency FROM ledger_accounts WHERE id = ANY(${p('ids')}::bigint[])`),
  { id: sql<number>`id`.mapWith(Number), currency: sql<string>`currency` },
);

const postingColumns: Record<string, PgColumn> = getTableColumns(ledgerPostings);

/**
 * A leg as ONE statement: its guarded balance change (applyLegStatement's WHERE) and its posting row,
 * made from the balances the change returned (a data-modifying CTE): one round trip per leg instead
 * of an UPDATE per leg and an INSERT of the postings. `first`: the entry's row is inserted by the same
 * statement (insertEntryStatement's), and the leg applies only when it was (its business event not
 * posted before); the answer's `new_entry_id` is null when it was not. No posting row answered: the
 * leg's guard refused (post.ts says why).
 */
function legStatement(first: boolean): NamedStatement {
  const entry = first
    ? sql`e AS (INSERT INTO ledger_entries (id, kind, ref_type, ref_id, event, created_at)
        VALUES (coalesce(${p('id')}::bigint, nextval('ledger_entry_seq')), ${p('kind')}, ${p('refType')}, ${p('refId')},
                ${p('event')}, ${p('at')}::timestamptz)
        ON CONFLICT DO NOTHING RETURNING id), `
    : sql``;
  // The posting's columns as the SELECT below gives them, and all of them as answered.
  const names = sql.raw(
    'entry_id, account_id, owner_type, owner_id, owner_code, merchant_id, currency, amount, frozen_amount, balance_after, frozen_after, kind, ref_type, ref_id, reverses_entry_id, operator_id, note, created_at',
  );
  const all = sql.join(
    Object.values(postingColumns).map((c) => sql.raw(`ins.${c.name}`)),
    sql`, `,
  );
  const statement = sql`WITH ${entry}a AS (UPDATE ledger_accounts
       SET available = available + ${p('amount')}::numeric,
           frozen = frozen + ${p('frozen')}::numeric,
           updated_at = ${p('at')}::timestamptz
     WHERE id = ${p('accountId')}::bigint
       AND (allow_negative OR available + ${p('amount')}::numeric >= 0)
       AND frozen + ${p('frozen')}::numeric >= 0
       AND abs(available + ${p('amount')}::numeric) < ${p('limit')}::numeric
       AND frozen + ${p('frozen')}::numeric < ${p('limit')}::numeric
       AND (settled_until IS NULL OR ${p('at')}::timestamptz >= settled_until)
       ${first ? sql`AND EXISTS (SELECT 1 FROM e)` : sql``}
     RETURNING id, owner_type, owner_id, owner_code, merchant_id, currency, available, frozen),
    ins AS (INSERT INTO ledger_postings (${names})
      SELECT ${first ? sql`(SELECT id FROM e)` : sql`${p('entryId')}::bigint`}, a.id, a.owner_type, a.owner_id,
             a.owner_code, a.merchant_id, a.currency, ${p('amount')}::numeric, ${p('frozen')}::numeric, a.available,
             a.frozen, ${p('kind')}, ${p('refType')}, ${p('refId')}, ${p('reversesEntryId')}::bigint,
             ${p('operatorId')}::integer, ${p('note')}, ${p('at')}::timestamptz
        FROM a
      RETURNING *)
    ${
      first
        ? sql`SELECT (SELECT id FROM e) AS new_entry_id, ${all} FROM (SELECT 1) one LEFT JOIN ins ON true`
        : sql`SELECT NULL::bigint AS new_entry_id, ${all} FROM ins`
    }`;
  return new NamedStatement(first ? 'ledger_entry_first_leg' : 'ledger_leg', raw(statement), {
    newEntryId: sql<number | null>`new_entry_id`.mapWith(Number),
    ...postingColumns,
  });
}

/** The first leg of an entry with the entry's row, and each further leg (legStatement). */
export const firstLegStatement = legStatement(true);
export const nextLegStatement = legStatement(false);
