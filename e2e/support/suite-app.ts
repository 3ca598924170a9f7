/**
 * An app on the browser suite's database in this process (no listener, no jobs), with a clock of its
 * own: a test drives services with it and moves its clock to run a job's function "later".
 */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { type BuiltApp, buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { loadKeys } from '../../apps/server/src/platform/keys.ts';

export async function suiteApp(): Promise<{ app: BuiltApp; close: () => Promise<void> }> {
  const dataDir = inject('dataDir');
  const password = fs.readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${inject('pgPort')}/payops`;
  const database = openDatabase(url, 2);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir }, { databaseUrl: url }),
    database,
    keys: loadKeys(dataDir),
  });
  await app.app.ready();
  return {
    app,
    close: async () => {
      await app.app.close();
      await database.close();
    },
  };
}
