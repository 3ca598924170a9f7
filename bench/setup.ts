/**
 * The benchmark's world: its own embedded PostgreSQL in a temporary folder, the migrated schema, the
 * real app (buildApp) with the built-in admin signed in, and a large member table made in SQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encryptPassword } from '@payops/contracts';
import { type BuiltApp, buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { generateDemo } from '../apps/server/src/demo/generate.ts';
import { bootstrap } from '../apps/server/src/modules/sys/bootstrap.ts';
import { sha256 } from '../apps/server/src/platform/hashing.ts';
import { unmaskSession } from '../apps/server/src/platform/unmask.ts';

export interface World extends BuiltApp {
  pg: EmbeddedServer;
  dataDir: string;
  headers: Record<string, string>;
  /** A second session of the same operator, unmasked (filters on masked fields need one). */
  unmaskedHeaders: Record<string, string>;
  close(): Promise<void>;
}

/** The app's configuration in the bench (every instance's: instance.ts too). */
export function benchConfig(dataDir: string, databaseUrl: string) {
  return loadConfig(
    // The per-operator list limit stays on (its cost is part of the route) but far above the load
    // one signed-in bench operator sends: the limiter is measured, not the 429 answers.
    { LOG_LEVEL: 'silent', DATA_DIR: dataDir, LIST_RATE_PER_MINUTE: '100000000' },
    { databaseUrl },
  );
}

export async function makeWorld(members: number): Promise<World> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payops-bench-'));
  fs.chmodSync(dataDir, 0o755); // PostgreSQL runs as its own user and must reach its cluster below
  const pg = await startEmbeddedPostgres(path.join(dataDir, 'db'), 58000 + (process.pid % 1000));
  await pg.createDatabase('bench');
  const database = openDatabase(pg.url('bench'), 60);
  await runMigrations(database.db);
  const config = benchConfig(dataDir, pg.url('bench'));
  const built = await buildApp({ config, database });
  const first = await bootstrap(built.ctx);
  await generateDemo(built.ctx.db, built.ctx.keys.secretKey, new Date(), {
    merchants: 20,
    members: 200,
    seed: 7,
  });
  await growMembers(built, members);
  await built.app.ready();
  const headers = await signIn(built, first.initialAdminPassword!);
  const unmaskedHeaders = await signIn(built, first.initialAdminPassword!);
  const { rows } = await built.ctx.pool.query('SELECT id FROM sessions WHERE token_hash = $1', [
    sha256(unmaskedHeaders.access_token!),
  ]);
  await unmaskSession(built.ctx, Number(rows[0].id));
  return {
    ...built,
    pg,
    dataDir,
    headers,
    unmaskedHeaders,
    async close() {
      await built.app.close();
      await database.close();
      await pg.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Members made in the database itself, in one INSERT ... SELECT over generate_series (no per-row
 * lookups): spread over the merchants, levels, statuses and two years. VACUUM ANALYZE afterwards, as
 * autovacuum would on a table of that age, so the planner has statistics and index-only scans work.
 */
async function growMembers(app: BuiltApp, target: number): Promise<void> {
  const t0 = Date.now();
  const client = await app.ctx.pool.connect();
  // The app's pool bounds every statement (15 s); generating a million rows needs longer.
  await client.query('SET statement_timeout = 0');
  await client.query(
    `INSERT INTO members (merchant_id, mch_no, account, real_name, phone, id_number, level, match_level, status,
                          finance_tags, city, created_at, updated_at)
     SELECT m.ids[1 + g % m.n], m.nos[1 + g % m.n], 'b' || lpad(g::text, 8, '0'), '会员' || g,
            '139' || lpad((g % 100000000)::text, 8, '0'),
            '1101011990' || lpad((g % 100000000)::text, 8, '0'), 1 + g % 5, 1 + g % 3,
            CASE WHEN g % 50 = 0 THEN 'frozen' ELSE 'normal' END,
            CASE WHEN g % 97 = 0 THEN 'vip,watch' WHEN g % 13 = 0 THEN 'vip' ELSE '' END,
            '上海', now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second', now()
     FROM generate_series(1, $1::int) g,
          (SELECT array_agg(id ORDER BY id) AS ids, array_agg(mch_no ORDER BY id) AS nos, count(*)::int AS n
           FROM merchants) m`,
    [target],
  );
  // The tags the members carry, as finance/risk defines them (the list's tag filter takes only these).
  await client.query(
    `INSERT INTO finance_tags (code, name, meaning, color) VALUES
       ('vip', 'VIP', 'bench', 'gold'), ('watch', '重点观察', 'bench', 'orange')
     ON CONFLICT (code) DO NOTHING`,
  );
  await client.query('VACUUM ANALYZE members');
  // The load's WAL and the pages VACUUM dirtied (hint bits, the visibility map) written now, not by a
  // checkpoint while the first rows are timed (the risk check, first in the run, read 8.69 ms p95 in a
  // full run and 1.10 ms alone), as orders.ts does after its orders.
  await client.query('CHECKPOINT');
  await client.query('RESET statement_timeout');
  client.release();
  process.stderr.write(
    `made ${target.toLocaleString()} members in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
}

async function signIn(app: BuiltApp, password: string): Promise<Record<string, string>> {
  const key = (await app.app.inject({ method: 'GET', url: '/api/auth/publicKey' })).json().data;
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/auth',
    payload: { username: 'admin', password: await encryptPassword(key, password) },
  });
  const cookie = res.cookies.find((c) => c.name === 'payops_session')!;
  return { access_token: res.json().data.token, cookie: `payops_session=${cookie.value}` };
}
