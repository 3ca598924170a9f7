/**
 * One embedded PostgreSQL for the whole test run, with a migrated template database; each test file
 * then gets its own database cloned from the template (see harness.ts). Keys are made once too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { loadKeys } from '../src/platform/keys.ts';
import { strictGlobalSetup } from './or-exit.ts';

export const TEMPLATE_DB = 'payops_template';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrlPrefix: string;
    keysDir: string;
  }
}

async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payops-test-'));
  fs.chmodSync(dir, 0o755); // PostgreSQL runs as its own user and must reach its cluster below
  const port = 55000 + (process.pid % 2000);
  const pg = await startEmbeddedPostgres(path.join(dir, 'db'), port);
  await pg.createDatabase(TEMPLATE_DB);
  const database = openDatabase(pg.url(TEMPLATE_DB), 2);
  await runMigrations(database.db);
  await database.close();
  const keysDir = path.join(dir, 'keys');
  loadKeys(keysDir);
  project.provide('pgUrlPrefix', pg.url(''));
  project.provide('keysDir', keysDir);
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

export default strictGlobalSetup('API tests', setup);
