/**
 * Issue 13's budget: the risk check adds <= 2 ms p95 to order creation with 100k list entries. The
 * entries are made in the database in bulk (as the merchant API's bench makes its orders: the bench
 * measures lookups, not the add path), spread over the six lists and every kind, with 5,000 IP blocks
 * for the GiST lookup; then `checkOrder` (the one statement an order's transaction runs) is timed for
 * subjects that hit nothing, a card, a name and an IP block, and a registered member's deposit at a
 * defined credit level (its limits checked).
 */
import { checkOrder, type RiskSubject } from '../apps/server/src/modules/risk/check.ts';
import { cardKey } from '../apps/server/src/modules/risk/values.ts';
import type { Tx } from '../apps/server/src/platform/crud/index.ts';
import type { World } from './setup.ts';
import { percentile, type Row, timed } from './stats.ts';

const card = (i: number) => `62220200${String(i).padStart(8, '0')}`;

export async function riskCheck(w: World, rows: Row[], o: { entries: number; runs: number }): Promise<void> {
  const { ctx } = w;
  const client = await ctx.pool.connect();
  try {
    await client.query('SET statement_timeout = 0');
    const n = o.entries;
    // Cards: keyed hashes computed here (the key never reaches SQL); one row per 10th entry.
    const cards = Array.from({ length: Math.floor(n / 10) }, (_, i) => cardKey(ctx.keys.secretKey, card(i)));
    await client.query(
      `INSERT INTO risk_list_entries (list, kind, value, lookup_key, last4, reason, source)
       SELECT 'card', 'card', '**** ' || right(k, 4), k, right(k, 4), 'bench', 'import' FROM unnest($1::text[]) k`,
      [cards],
    );
    await client.query(
      `INSERT INTO risk_list_entries (list, kind, value, lookup_key, net, reason, source)
       SELECT 'withdraw_black', 'ip', c::text, c::text, c, 'bench', 'import'
         FROM (SELECT ('10.' || (i / 256) || '.' || (i % 256) || '.0/24')::cidr AS c FROM generate_series(0, 4999) i) s`,
    );
    const rest = n - cards.length - 5000;
    await client.query(
      `INSERT INTO risk_list_entries (list, kind, value, lookup_key, reason, source)
       SELECT (ARRAY['deposit_black','deposit_white','withdraw_black','withdraw_white'])[1 + i % 4],
              (ARRAY['member','realName','phone','idNumber','deviceId'])[1 + (i / 4) % 5],
              'v' || i, 'v' || i, 'bench', 'import'
         FROM generate_series(1, $1::int) i`,
      [rest],
    );
    await client.query('VACUUM ANALYZE risk_list_entries');
    await client.query('CHECKPOINT'); // as after the members (setup.ts): not during the timed checks
  } finally {
    client.release();
  }
  const { rows: m } = await ctx.pool.query('SELECT id FROM merchants ORDER BY id LIMIT 1');
  const merchantId = Number(m[0].id);
  const subjects: [string, RiskSubject][] = [
    [
      'miss',
      {
        direction: 'withdraw',
        merchantId,
        memberAccount: 'nobody',
        realName: '王五',
        cardNo: card(99_999_999),
        ip: '192.0.2.7',
      },
    ],
    [
      'card hit',
      { direction: 'withdraw', merchantId, memberAccount: 'x', cardNo: card(4242), ip: '192.0.2.7' },
    ],
    ['name hit', { direction: 'withdraw', merchantId, realName: 'v42', ip: '192.0.2.7' }],
    ['IP block hit', { direction: 'withdraw', merchantId, ip: '10.3.7.9' }],
  ];
  // A registered member's deposit at a defined credit level: the member row, its level and its day's
  // deposits are read in the same statement (the level is removed after: matching pairs freely
  // without definitions).
  const { rows: member } = await ctx.pool.query(
    'SELECT merchant_id, account, level FROM members ORDER BY id LIMIT 1',
  );
  const level = await ctx.pool.query(
    `INSERT INTO credit_levels (level, name, single_limit, daily_limit) VALUES ($1, 'bench', 50000, 200000)
     ON CONFLICT (level) DO NOTHING RETURNING id`,
    [member[0].level],
  );
  subjects.push([
    'member deposit at a level',
    {
      direction: 'deposit',
      merchantId: Number(member[0].merchant_id),
      memberAccount: member[0].account,
      depositAmount: '100',
    },
  ]);
  for (const [name, s] of subjects) {
    const db = ctx.db as unknown as Tx;
    const times = await timed(o.runs, () => checkOrder(ctx, db, s));
    const p95 = percentile(times, 95);
    rows.push({
      workload: `risk check p95, ${o.entries.toLocaleString()} entries, ${name}`,
      figure: `${p95.toFixed(2)} ms`,
      budget: '≤ 2 ms',
      pass: p95 <= 2,
    });
  }
  if (level.rows[0]) await ctx.pool.query('DELETE FROM credit_levels WHERE id = $1', [level.rows[0].id]);
}
