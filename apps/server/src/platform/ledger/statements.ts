/**
 * The ledger's per-posting statements, built once and prepared by name on each connection (as the
 * transitions' and the audit's are, db/named-statement.ts): a money transition runs six to eight of
 * them, and building each through the query builder per call cost more CPU than PostgreSQL spent
 * running it (issue 10, "Data and measurement": deposit approvals). Same SQL, same guards.
 */
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import { NamedStatement, namedSql } from '../../db/named-statement.ts';
import { ledgerAccounts, ledgerPostings } from './schema.ts';

const qb = new QueryBuilder();
const p = (name: string) => sql.placeholder(name);

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
export const accountIdStatement = namedSql(
  'ledger_account_id',
  sql`SELECT id, created_at < transaction_timestamp() AS committed FROM ledger_accounts
    WHERE owner_type = ${p('ownerType')} AND owner_id = ${p('ownerId')}::bigint AND currency = ${p('currency')}`,
  { id: sql<number>`id`.mapWith(Number), committed: sql<boolean>`committed` },
);

/** Several owners' accounts at once (ensureAccounts): arrays of owner type, owner id and currency. */
export const findAccountsStatement = namedSql(
  'ledger_find_accounts',
  sql`SELECT a.* FROM ledger_accounts a
    JOIN unnest(${p('ownerTypes')}::text[], ${p('ownerIds')}::bigint[], ${p('currencies')}::text[]) AS k(t, i, c)
      ON a.owner_type = k.t AND a.owner_id = k.i AND a.currency = k.c`,
  accountColumns,
);

/** The currencies of an entry's accounts. */
export const accountCurrencies = namedSql(
  'ledger_account_currencies',
  sql`SELECT id, currency FROM ledger_accounts WHERE id = ANY(${p('ids')}::bigint[])`,
  { id: sql<number>`id`.mapWith(Number), currency: sql<string>`currency` },
);

const postingColumns: Record<string, PgColumn> = getTableColumns(ledgerPostings);

/**
 * An entry as ONE statement, whatever its legs: the entry's row (its unique business event: when it
 * was posted before, nothing else applies and `new_entry_id` is null), the accounts locked in id order
 * (so two entries over the same accounts never deadlock), each account's guarded balance change by the
 * sum of its legs (the WHERE refuses a balance below zero, beyond its column, or in a settled day), and
 * a posting row per leg with the balance after it. One round trip per entry instead of one per leg
 * (issue 10: a deposit's credit has three legs). An account with no posting answered: its guard
 * refused (post.ts says why), and the caller's transaction rolls back.
 */
const postingNames = sql.raw(
  'entry_id, account_id, owner_type, owner_id, owner_code, merchant_id, currency, amount, frozen_amount, balance_after, frozen_after, kind, ref_type, ref_id, reverses_entry_id, operator_id, note, created_at',
);
const answered = sql.join(
  Object.values(postingColumns).map((c) => sql.raw(`ins.${c.name}`)),
  sql`, `,
);
/**
 * The entry's data-modifying CTEs (`e`, `v`, `t`, `l`, `a`, `ins`), their placeholders named with
 * `prefix` (a statement that also writes other rows). Given `gate` (a condition), the entry is written
 * only where it holds: a transition's one statement posts only when its change was made
 * (transitions/read-then-change.ts).
 */
export function entryCtes(prefix = '', gate?: SQL): SQL {
  const q = (name: string) => p(prefix + name);
  return sql`e AS (INSERT INTO ledger_entries (id, kind, ref_type, ref_id, event, created_at)
        SELECT coalesce(${q('id')}::bigint, nextval('ledger_entry_seq')), ${q('kind')}::text, ${q('refType')}::text,
               ${q('refId')}::text, ${q('event')}::text, ${q('at')}::timestamptz
        ${gate ? sql`WHERE ${gate}` : sql``}
        ON CONFLICT DO NOTHING RETURNING id),
    v AS (SELECT * FROM unnest(${q('accountIds')}::bigint[], ${q('amounts')}::numeric[], ${q('frozens')}::numeric[])
            WITH ORDINALITY AS v(account_id, amount, frozen, ord)),
    t AS (SELECT account_id, sum(amount) AS amount, sum(frozen) AS frozen FROM v GROUP BY account_id),
    l AS (SELECT id FROM ledger_accounts WHERE id = ANY(${q('accountIds')}::bigint[]) AND EXISTS (SELECT 1 FROM e)
          ORDER BY id FOR UPDATE),
    a AS (UPDATE ledger_accounts
       SET available = available + t.amount, frozen = ledger_accounts.frozen + t.frozen,
           updated_at = ${q('at')}::timestamptz
      FROM t JOIN l ON l.id = t.account_id
     WHERE ledger_accounts.id = t.account_id AND ledger_accounts.id = ANY(${q('accountIds')}::bigint[])
       AND (allow_negative OR available + t.amount >= 0)
       AND ledger_accounts.frozen + t.frozen >= 0
       AND abs(available + t.amount) < ${q('limit')}::numeric
       AND ledger_accounts.frozen + t.frozen < ${q('limit')}::numeric
       AND (settled_until IS NULL OR ${q('at')}::timestamptz >= settled_until)
     RETURNING ledger_accounts.id, owner_type, owner_id, owner_code, merchant_id, currency, available,
               ledger_accounts.frozen),
    ins AS (INSERT INTO ledger_postings (${postingNames})
      SELECT (SELECT id FROM e), a.id, a.owner_type, a.owner_id, a.owner_code, a.merchant_id, a.currency,
             v.amount, v.frozen,
             a.available - coalesce(sum(v.amount) OVER later, 0), a.frozen - coalesce(sum(v.frozen) OVER later, 0),
             ${q('kind')}, ${q('refType')}, ${q('refId')}, ${q('reversesEntryId')}::bigint,
             ${q('operatorId')}::integer, ${q('note')}, ${q('at')}::timestamptz
        FROM v JOIN a ON a.id = v.account_id
      WINDOW later AS (PARTITION BY v.account_id ORDER BY v.ord ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING)
      ORDER BY v.ord
      RETURNING *)`;
}

export const entryStatement = namedSql(
  'ledger_entry',
  sql`WITH ${entryCtes()}
    SELECT (SELECT id FROM e) AS new_entry_id, ${answered} FROM (SELECT 1) one LEFT JOIN ins ON true`,
  { newEntryId: sql<number | null>`new_entry_id`.mapWith(Number), ...postingColumns },
);
