/**
 * The placement log's group commit (openapi/place-log.ts): rows of concurrent calls written together,
 * each once, with every rollup key in step with the log; a row that cannot be written costs the rows of
 * its group nothing. The log of each refusal is in openapi-api.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordPlacement } from '../src/modules/openapi/place-log.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { makeMerchant, mchCall, type TestMerchant } from './openapi-client.ts';

let t: TestApp;
let m: TestMerchant;

const payee = { bankName: '中国工商银行', accountName: '张三', accountNo: '6222020200112233445' };
const withdrawal = (mchOrderNo: string, amount: string) => ({ mchOrderNo, amount, ...payee });

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'error' });
  m = await makeMerchant(t, { withdrawRate: '0.01', singleMax: '50000' }, '1000.00');
});
afterAll(() => t.close());

describe('placement log in groups', () => {
  it('a row that cannot be written costs the rows written with it nothing', async () => {
    const row = (mchOrderNo: string, amount: string) => ({
      endpoint: 'withdraw' as const,
      at: t.ctx.clock.now(),
      merchantId: m.id,
      mchNo: m.mchNo,
      mchOrderNo,
      orderNo: '',
      amount,
      ip: '127.0.0.1',
      code: 2001,
      reason: 'group test',
      latencyMs: 1,
    });
    // The first goes alone; the other three wait for it and go together, one of them too large for
    // the amount column (the hooks never send one: LOGGABLE_AMOUNT).
    const results = await Promise.allSettled([
      recordPlacement(t.ctx, row('W-ROW-1', '1.00')),
      recordPlacement(t.ctx, row('W-ROW-2', '2.00')),
      recordPlacement(t.ctx, row('W-ROW-3', '1'.repeat(30))),
      recordPlacement(t.ctx, row('W-ROW-4', '4.00')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const { rows } = await t.ctx.pool.query(
      `SELECT mch_order_no, amount::text FROM order_place_log WHERE mch_order_no LIKE 'W-ROW-%' ORDER BY 1`,
    );
    expect(rows).toEqual([
      { mch_order_no: 'W-ROW-1', amount: '1.00000000' },
      { mch_order_no: 'W-ROW-2', amount: '2.00000000' },
      { mch_order_no: 'W-ROW-4', amount: '4.00000000' },
    ]);
  });

  it('writes the rows of concurrent calls together, each once, every rollup key in step with the log', async () => {
    const count = async () =>
      (await t.ctx.pool.query('SELECT count(*)::int AS n FROM order_place_log')).rows[0].n as number;
    const before = await count();
    // Thirty at once: rows arrive while a write is under way and go together in the next one.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? mchCall(t, m, 'balance/query', {})
          : i % 3 === 1
            ? mchCall(t, m, 'withdraw/create', withdrawal(`W-GROUP-${i}`, '2.50'), {
                secret: 'not-the-secret',
              })
            : mchCall(t, { ...m, mchNo: 'M00000000' }, 'balance/query', {}),
      ),
    );
    expect(answers.map((a) => a.envelope.code)).toEqual(
      Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? 0 : 2001)),
    );
    expect(await count()).toBe(before + 30);
    const { rows: stat } = await t.ctx.pool.query(
      `SELECT hour, mch_no, endpoint, accepted_count, refused_count, accepted_amount::text, refused_amount::text
         FROM order_place_stat ORDER BY 1, 2, 3`,
    );
    const { rows: fromLog } = await t.ctx.pool.query(
      `SELECT date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour,
              CASE WHEN merchant_id IS NULL THEN '' ELSE mch_no END AS mch_no, endpoint,
              count(*) FILTER (WHERE accepted)::int AS accepted_count,
              count(*) FILTER (WHERE NOT accepted)::int AS refused_count,
              coalesce(sum(amount) FILTER (WHERE accepted), 0)::numeric(28, 8)::text AS accepted_amount,
              coalesce(sum(amount) FILTER (WHERE NOT accepted), 0)::numeric(28, 8)::text AS refused_amount
         FROM order_place_log GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
    );
    expect(stat).toEqual(fromLog);
    const { rows: errors } = await t.ctx.pool.query(
      `SELECT day::text, mch_no, endpoint, code, count FROM error_report_daily WHERE source = 'api' ORDER BY 1, 2, 3, 4`,
    );
    const { rows: refusedInLog } = await t.ctx.pool.query(
      `SELECT (at AT TIME ZONE $1)::date::text AS day, CASE WHEN merchant_id IS NULL THEN '' ELSE mch_no END AS mch_no,
              '@merchantApiEndpoint.' || endpoint AS endpoint, code::text, count(*)::int AS count
         FROM order_place_log WHERE NOT accepted GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`,
      [t.ctx.config.timeZone],
    );
    expect(errors).toEqual(refusedInLog);
  });
});
