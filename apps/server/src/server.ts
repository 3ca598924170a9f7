/**
 * Process entry: configuration, the database (embedded PostgreSQL unless DATABASE_URL is set),
 * migrations, first-run bootstrap, background jobs, listen; stops jobs and PostgreSQL too on SIGINT/SIGTERM.
 */
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { loadDemoOnFirstStart } from './demo/load.ts';
import { allJobs } from './jobs.ts';
import { seedExchangeRates } from './modules/mockTrade/exchange-rates.ts';
import { bootstrap, INITIAL_PASSWORD_FILE } from './modules/sys/bootstrap.ts';
import { startJobs } from './platform/jobs/runner.ts';

const DATABASE_NAME = 'payops';

async function main() {
  const config = loadConfig();
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
    await embedded.createDatabase(DATABASE_NAME);
    url = embedded.url(DATABASE_NAME);
  }
  const database = openDatabase(url, 20);
  await runMigrations(database.db);
  const { app, ctx } = await buildApp({ config, database });
  const first = await bootstrap(ctx);
  await seedExchangeRates(ctx);
  // Jobs start with the server process only: buildApp (and so every API test) runs without them.
  const jobs = await startJobs(ctx, allJobs, app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    await jobs.stop();
    await app.close();
    await database.close();
    if (embedded) await embedded.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  process.stdout.write(`\nPayOps console: http://${shown}:${config.port}\n`);
  if (first.initialAdminPassword) {
    process.stdout.write(
      `First run: sign in as "admin" with the one-time password ${first.initialAdminPassword}\n` +
        `(also kept in ${config.dataDir}/${INITIAL_PASSWORD_FILE}, mode 600; change it after signing in)\n\n`,
    );
  }
  // A new embedded database gets the demo platform, loaded after the console is already serving so the
  // first start stays within its 10 s budget (performance.md); API tests build the app without this file.
  if (embedded && first.initialAdminPassword) {
    process.stdout.write('Loading the demo platform in the background...\n');
    loadDemoOnFirstStart(app, ctx).catch((e) => app.log.error({ err: e }, 'demo data failed to load'));
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
