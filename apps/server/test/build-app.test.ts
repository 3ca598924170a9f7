/**
 * The server builds the app while the migrations apply (server.ts): buildApp must send no statement
 * to the database until the app is made ready, or a first start would read tables not made yet.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, inject, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { loadKeys } from '../src/platform/keys.ts';
import { cloneTemplateDatabase } from './harness.ts';

it('builds the app without a statement; its ready hooks send the first ones', async () => {
  const dbUrl = await cloneTemplateDatabase();
  const database = openDatabase(dbUrl, 2);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'payops-build-'));
  let statements = 0;
  database.pool.on('acquire', () => {
    statements += 1;
  });
  try {
    const config = loadConfig(
      { LOG_LEVEL: 'silent', DATA_DIR: dataDir },
      { databaseUrl: dbUrl, webDist: path.join(dataDir, 'no-web'), sandboxImapPort: 0 },
    );
    const built = await buildApp({ config, database, keys: loadKeys(inject('keysDir')) });
    expect(statements).toBe(0);
    // The count sees statements: the app's onReady hooks read the database.
    await built.app.ready();
    expect(statements).toBeGreaterThan(0);
    await built.app.close();
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
