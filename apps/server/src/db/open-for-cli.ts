/**
 * Database access for command-line tools: DATABASE_URL when set; else the embedded PostgreSQL of the
 * data folder, reusing it when the server is running and starting it (then stopping it) when not.
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';

const DATABASE_NAME = 'payops';

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function openForCli(config: Config): Promise<Database & { release(): Promise<void> }> {
  if (config.databaseUrl) {
    const db = openDatabase(config.databaseUrl, 2);
    return { ...db, release: db.close };
  }
  const passwordFile = path.join(config.dataDir, 'pg-password');
  if (fs.existsSync(passwordFile)) {
    const password = fs.readFileSync(passwordFile, 'utf8').trim();
    const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${config.embeddedPgPort}/${DATABASE_NAME}`;
    if (await reachable(url)) {
      const db = openDatabase(url, 2);
      return { ...db, release: db.close };
    }
  }
  const server = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
  await server.createDatabase(DATABASE_NAME);
  const db = openDatabase(server.url(DATABASE_NAME), 2);
  return {
    ...db,
    release: async () => {
      await db.close();
      await server.stop();
    },
  };
}
