/**
 * statementsSent counts the work's own statements only: a query another caller queued on the pool
 * while the work held the pool's one client is not the work's, though pg-pool runs it from the work's
 * release.
 */
import pg from 'pg';
import { expect, it } from 'vitest';
import { cloneTemplateDatabase } from './harness.ts';
import { statementsSent } from './statements-sent.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it("leaves out a query another caller queued behind the work's client", async () => {
  const pool = new pg.Pool({ connectionString: await cloneTemplateDatabase(), max: 1 });
  (await pool.connect()).release();
  // Asked for outside the work, while the work holds the client: it waits for the work's release.
  const other = sleep(20).then(() => pool.query('select 2 as other'));
  const { sent } = await statementsSent(async () => {
    const client = await pool.connect();
    await client.query('select 1 as work');
    await sleep(60);
    client.release();
    await other;
  });
  expect((await other).rows).toEqual([{ other: 2 }]);
  expect(sent).toEqual(['select 1 as work']);
  await pool.end();
});
