/**
 * Orders for the benchmark, made in bulk in SQL (generate_series), with their money: every order that
 * moved money in the lifecycle has the same ledger entries here (a successful deposit's credit, a
 * withdrawal's freeze, then its settlement or release), written as the ledger writes them (journal row,
 * balanced legs, balances-after as running sums, account balances as their sums), so
 * `ledger:verify` (verifyLedger) proves the bulk path equivalent. Deposits that never succeeded move
 * no money and get no entry, as in the lifecycle.
 *
 * Differences from the lifecycle, which the measured workloads do not read: no status history,
 * order events or audit rows for the generated past, and the contra legs go to one shard of
 * settlement and fees (the shard only spreads row locks; sums are what the ledger checks).
 */
import type { PoolClient } from 'pg';
import type { BuiltApp } from '../apps/server/src/app.ts';
import { ensureAccount, platformAccount, postEntry } from '../apps/server/src/platform/ledger/index.ts';

export interface OrderBatch {
  deposits: number;
  withdrawals: number;
  /** Orders spread over this many days before now, the newest last (ids follow time). */
  days: number;
  /** Every order in this state (the workloads' targets), else the mix of deposit/withdraw below. */
  depositStatus?: string;
  withdrawStatus?: string;
}

/**
 * The mix: orders of the last two days are still moving (open states), older ones have ended.
 * `r` is a scrambled 0-99 per order.
 */
const DEPOSIT_MIX = `CASE WHEN at > now() - interval '2 days' THEN
    CASE WHEN r < 10 THEN 'created' WHEN r < 30 THEN 'pending_payment' WHEN r < 35 THEN 'paid'
         WHEN r < 50 THEN 'in_audit' WHEN r < 90 THEN 'success' ELSE 'failed' END
  ELSE CASE WHEN r < 70 THEN 'success' WHEN r < 85 THEN 'timeout' WHEN r < 95 THEN 'failed'
            ELSE 'cancelled' END END`;
const WITHDRAW_MIX = `CASE WHEN at > now() - interval '2 days' THEN
    CASE WHEN r < 30 THEN 'in_review' WHEN r < 50 THEN 'approved' WHEN r < 65 THEN 'paying'
         WHEN r < 70 THEN 'detained' WHEN r < 95 THEN 'success' ELSE 'failed' END
  ELSE CASE WHEN r < 85 THEN 'success' WHEN r < 92 THEN 'failed' ELSE 'rejected' END END`;
const PAY_TYPES = `(ARRAY['alipay','wechat','bank_card','ecny'])`;

let serial = 0;

export async function growOrders(app: BuiltApp, batch: OrderBatch): Promise<void> {
  const t0 = Date.now();
  const tag = `B${++serial}`;
  const laps: string[] = [];
  let last = t0;
  const lap = (what: string) => {
    laps.push(`${what} ${((Date.now() - last) / 1000).toFixed(1)} s`);
    last = Date.now();
  };
  const { rows: ms } = await app.ctx.pool.query<{ id: number; mch_no: string }>(
    'SELECT id, mch_no FROM merchants ORDER BY id',
  );
  // Accounts through the ledger's own code; each merchant funded once so freezes never go short.
  const accounts = await app.ctx.db.transaction(async (tx) => {
    const settlement = await platformAccount(tx, 'settlement', 'CNY', 'bench');
    const fees = await platformAccount(tx, 'fees', 'CNY', 'bench');
    const ids: number[] = [];
    for (const m of ms) {
      const a = await ensureAccount(tx, {
        ownerType: 'merchant',
        ownerId: m.id,
        ownerCode: m.mch_no,
        merchantId: m.id,
      });
      ids.push(a.id);
      if (serial === 1)
        await postEntry(tx, {
          kind: 'adjust_credit',
          event: 'bench_funding',
          refType: 'bench_funding',
          refId: m.mch_no,
          legs: [
            { accountId: a.id, amount: '100000000000.00' },
            { accountId: settlement.id, amount: '-100000000000.00' },
          ],
        });
    }
    return { merchants: ids, settlement: settlement.id, fees: fees.id };
  });
  const { rows: passages } = await app.ctx.pool.query<{ id: number; third_party_id: number }>(
    'SELECT id, third_party_id FROM passages ORDER BY id',
  );
  const client = await app.ctx.pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query(`SET maintenance_work_mem = '128MB'`);
    await client.query('BEGIN');
    // A large batch loads faster into bare tables, the indexes built once afterwards (as a restore does).
    const rebuild = batch.deposits + batch.withdrawals > 100_000 ? await dropIndexes(client) : [];
    const D = batch.deposits;
    const W = batch.withdrawals;
    // Entry ids: deposit credits, then withdrawal freezes, then their settlements/releases.
    const { rows: seq } = await client.query<{ base: string }>(`SELECT nextval('ledger_entry_seq') AS base`);
    const e0 = Number(seq[0]!.base);
    await client.query(`SELECT setval('ledger_entry_seq', $1)`, [e0 + D + 2 * W + 1]);
    const common = {
      mids: ms.map((m) => m.id),
      nos: ms.map((m) => m.mch_no),
      pids: passages.map((p) => p.id),
      tids: passages.map((p) => p.third_party_id),
    };
    const src = (n: number) => `
      SELECT g, at, (g * 7919 + g / 7) % 100 AS r,
             $2::int[] AS mids, $3::text[] AS nos, $4::int[] AS pids, $5::int[] AS tids,
             (100 + (g * 37) % 49900)::numeric + ((g % 100)::numeric / 100) AS amount
        FROM (SELECT g, now() - ((${n} - g)::float8 / ${n}) * $6::float8 * interval '1 day' AS at
                FROM generate_series(1::bigint, ${n}) g) s`;
    await client.query(
      `INSERT INTO deposit_orders (order_no, mch_order_no, merchant_id, mch_no, member_account, pay_type,
          amount, fee, passage_id, third_party_id, upstream_order_no, status, client_ip, expires_at, entry_id,
          created_at, paid_at, finished_at, updated_at)
       SELECT 'D' || to_char(at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISS') || $1 || lpad(g::text, 7, '0'),
              $1 || 'm' || g, mids[1 + g % cardinality(mids)], nos[1 + g % cardinality(nos)],
              'u' || (g % 50000), ${PAY_TYPES}[1 + g % 4], amount, round(amount * 0.01, 2),
              pids[1 + g % cardinality(pids)], tids[1 + g % cardinality(tids)],
              CASE WHEN st <> 'created' THEN 'UP' || $1 || g END, st, '10.0.' || (g % 250) || '.' || (g % 200),
              at + interval '30 minutes', CASE WHEN st = 'success' THEN $7::bigint + g END,
              at, CASE WHEN st IN ('paid', 'in_audit', 'success') THEN at + interval '2 minutes' END,
              CASE WHEN st IN ('success', 'timeout', 'failed', 'cancelled') THEN at + interval '5 minutes' END,
              at
         FROM (SELECT *, ${batch.depositStatus ? `'${batch.depositStatus}'` : DEPOSIT_MIX} AS st
                 FROM (${src(D)}) s0) s`,
      [tag, common.mids, common.nos, common.pids, common.tids, batch.days, e0],
    );
    lap('deposits');
    await client.query(
      `INSERT INTO withdraw_orders (order_no, mch_order_no, merchant_id, mch_no, member_account, amount, fee,
          bank_code, bank_name, account_name, account_no, passage_id, third_party_id, upstream_order_no, status,
          detained_from, client_ip, fail_reason, freeze_entry_id, entry_id, created_at, due_at, reviewed_at,
          finished_at, updated_at)
       SELECT 'W' || to_char(at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISS') || $1 || lpad(g::text, 7, '0'),
              $1 || 'm' || g, mids[1 + g % cardinality(mids)], nos[1 + g % cardinality(nos)],
              'u' || (g % 50000), amount, round(amount * 0.005, 2), 'ICBC', '工商银行', '收款人' || (g % 1000),
              '6222' || lpad(g::text, 12, '0'),
              CASE WHEN st NOT IN ('in_review', 'approved', 'detained', 'rejected') THEN pids[1 + g % cardinality(pids)] END,
              CASE WHEN st NOT IN ('in_review', 'approved', 'detained', 'rejected') THEN tids[1 + g % cardinality(tids)] END,
              CASE WHEN st IN ('paying', 'success', 'failed') THEN 'UW' || $1 || g END, st,
              CASE WHEN st = 'detained' THEN 'in_review' END, '10.1.' || (g % 250) || '.' || (g % 200),
              CASE WHEN st IN ('failed', 'rejected') THEN 'bench' END,
              $7::bigint + ${D} + g,
              CASE WHEN st IN ('success', 'failed', 'rejected') THEN $7::bigint + ${D + W} + g END,
              at, at + interval '30 minutes',
              CASE WHEN st NOT IN ('in_review', 'detained') THEN at + interval '3 minutes' END,
              CASE WHEN st IN ('success', 'failed', 'rejected') THEN at + interval '10 minutes' END, at
         FROM (SELECT *, ${batch.withdrawStatus ? `'${batch.withdrawStatus}'` : WITHDRAW_MIX} AS st
                 FROM (${src(W)}) s0) s`,
      [tag, common.mids, common.nos, common.pids, common.tids, batch.days, e0],
    );
    lap('withdrawals');
    await postLedger(client, tag, { mids: common.mids, ...accounts });
    lap('ledger');
    for (const def of rebuild) await client.query(def);
    await client.query('COMMIT');
    lap('indexes');
    await client.query('VACUUM ANALYZE deposit_orders');
    await client.query('VACUUM ANALYZE withdraw_orders');
    await client.query('VACUUM ANALYZE ledger_postings');
    await client.query('VACUUM ANALYZE ledger_entries');
    // The load's WAL flushed now, not by a checkpoint during the measured workloads: its writes would
    // slow every commit's fsync there (the merchant API row fell from 35 to 8 orders/s at 1M orders).
    await client.query('CHECKPOINT');
    lap('vacuum and checkpoint');
    await client.query('RESET statement_timeout');
    await client.query('RESET maintenance_work_mem');
  } catch (e) {
    await client.query('ROLLBACK').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
  process.stderr.write(
    `made ${batch.deposits.toLocaleString()} deposits + ${batch.withdrawals.toLocaleString()} withdrawals (${tag}) in ${((Date.now() - t0) / 1000).toFixed(1)} s (${laps.join(', ')})\n`,
  );
}

const BULK_TABLES = ['deposit_orders', 'withdraw_orders', 'ledger_entries', 'ledger_postings'];

/** Drops the indexes of the bulk tables that no constraint owns; answers their definitions. */
async function dropIndexes(client: PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
    [BULK_TABLES],
  );
  for (const r of rows) await client.query(`DROP INDEX "${r.name}"`);
  return rows.map((r) => r.def);
}

/**
 * The entries of the orders just made (order-ledger.ts and create.ts in SQL): a deposit's success
 * credits the merchant amount - fee, fees the fee, settlement -amount; a withdrawal freezes amount + fee
 * (one leg), then settles it (frozen out; settlement + amount, fees + fee) or releases it. Posting ids
 * follow entry order, balances-after are the account's balance before plus the running sum.
 */
async function postLedger(
  client: PoolClient,
  tag: string,
  a: { mids: number[]; merchants: number[]; settlement: number; fees: number },
) {
  const orders = `
    SELECT 'deposit' AS fam, order_no, merchant_id, amount, fee, status, entry_id, NULL::bigint AS freeze_id,
           created_at FROM deposit_orders WHERE mch_order_no LIKE $1 || 'm%' AND entry_id IS NOT NULL
    UNION ALL
    SELECT 'withdraw', order_no, merchant_id, amount, fee, status, entry_id, freeze_entry_id, created_at
      FROM withdraw_orders WHERE mch_order_no LIKE $1 || 'm%'`;
  const settled = `o.fam = 'withdraw' AND o.status = 'success'`;
  const later = `o.created_at + interval '10 minutes'`;
  await client.query(
    `CREATE TEMP TABLE bench_legs ON COMMIT DROP AS
     WITH o AS (${orders}), acct AS (SELECT * FROM unnest($2::int[], $3::bigint[]) AS x(mid, aid))
     SELECT * FROM (
       SELECT o.entry_id, 1 AS seq, acct.aid AS account_id, o.amount - o.fee AS amount, 0::numeric AS frozen,
              'deposit' AS kind, 'deposit' AS event, o.order_no, 'deposit_order' AS ref_type, o.created_at AS at
         FROM o JOIN acct ON acct.mid = o.merchant_id WHERE o.fam = 'deposit'
       UNION ALL SELECT o.entry_id, 2, $4, -o.amount, 0, 'deposit', 'deposit', o.order_no, 'deposit_order', o.created_at
         FROM o WHERE o.fam = 'deposit'
       UNION ALL SELECT o.entry_id, 3, $5, o.fee, 0, 'deposit', 'deposit', o.order_no, 'deposit_order', o.created_at
         FROM o WHERE o.fam = 'deposit' AND o.fee <> 0
       UNION ALL SELECT o.freeze_id, 1, acct.aid, -(o.amount + o.fee), o.amount + o.fee, 'freeze', 'freeze',
              o.order_no, 'withdraw_order', o.created_at
         FROM o JOIN acct ON acct.mid = o.merchant_id WHERE o.fam = 'withdraw'
       UNION ALL SELECT o.entry_id, 1, acct.aid, 0, -(o.amount + o.fee), 'withdraw', 'settle', o.order_no,
              'withdraw_order', ${later}
         FROM o JOIN acct ON acct.mid = o.merchant_id WHERE ${settled}
       UNION ALL SELECT o.entry_id, 2, $4, o.amount, 0, 'withdraw', 'settle', o.order_no, 'withdraw_order', ${later}
         FROM o WHERE ${settled}
       UNION ALL SELECT o.entry_id, 3, $5, o.fee, 0, 'withdraw', 'settle', o.order_no, 'withdraw_order', ${later}
         FROM o WHERE ${settled} AND o.fee <> 0
       UNION ALL SELECT o.entry_id, 1, acct.aid, o.amount + o.fee, -(o.amount + o.fee), 'unfreeze', 'release',
              o.order_no, 'withdraw_order', ${later}
         FROM o JOIN acct ON acct.mid = o.merchant_id
        WHERE o.fam = 'withdraw' AND o.status IN ('failed', 'rejected')) l`,
    [tag, a.mids, a.merchants, a.settlement, a.fees],
  );
  await client.query(
    `INSERT INTO ledger_entries (id, kind, ref_type, ref_id, event, created_at)
     SELECT DISTINCT ON (entry_id) entry_id, kind, ref_type, order_no, event, at FROM bench_legs ORDER BY entry_id`,
  );
  const { rows } = await client.query<{ n: string }>('SELECT count(*) AS n FROM bench_legs');
  const { rows: seq } = await client.query<{ base: string }>(
    `SELECT nextval(pg_get_serial_sequence('ledger_postings', 'id')) AS base`,
  );
  const p0 = Number(seq[0]!.base);
  await client.query(`SELECT setval(pg_get_serial_sequence('ledger_postings', 'id'), $1)`, [
    p0 + Number(rows[0]!.n),
  ]);
  await client.query(
    `INSERT INTO ledger_postings (id, entry_id, account_id, owner_type, owner_id, owner_code, merchant_id, currency,
        amount, frozen_amount, balance_after, frozen_after, kind, ref_type, ref_id, note, created_at)
     SELECT $1::bigint + row_number() OVER (ORDER BY l.entry_id, l.seq), l.entry_id, l.account_id, a.owner_type,
            a.owner_id, a.owner_code, a.merchant_id, a.currency, l.amount, l.frozen,
            a.available + sum(l.amount) OVER w, a.frozen + sum(l.frozen) OVER w,
            l.kind, l.ref_type, l.order_no, '', l.at
       FROM bench_legs l JOIN ledger_accounts a ON a.id = l.account_id
     WINDOW w AS (PARTITION BY l.account_id ORDER BY l.entry_id, l.seq)`,
    [p0 - 1],
  );
  await client.query(
    `UPDATE ledger_accounts a SET available = a.available + s.av, frozen = a.frozen + s.fr, updated_at = now()
       FROM (SELECT account_id, sum(amount) AS av, sum(frozen) AS fr FROM bench_legs GROUP BY account_id) s
      WHERE a.id = s.account_id`,
  );
}
