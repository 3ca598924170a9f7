/**
 * Process entry: configuration, the database (embedded PostgreSQL unless DATABASE_URL is set),
 * migrations, first-run bootstrap, background jobs, listen; stops jobs and PostgreSQL too on SIGINT/SIGTERM.
 */
import { type Config, loadConfig } from './config.ts';
import { type EmbeddedServer, startEmbeddedPostgres } from './db/embedded.ts';
import { prepareKeys } from './platform/keys.ts';

const DATABASE_NAME = 'payops';

/** The configured database, or embedded PostgreSQL's (started, its database made). */
async function databaseUrl(config: Config): Promise<{ url: string; embedded?: EmbeddedServer }> {
  if (config.databaseUrl) return { url: config.databaseUrl };
  const embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
  await embedded.createDatabase(DATABASE_NAME);
  return { url: embedded.url(DATABASE_NAME), embedded };
}

/**
 * The app's modules, imported while PostgreSQL starts: its start (initdb on a first run) is another
 * process's work, the modules' loading (compiled on the fly, 3.3 s) this one's, so on two cores they
 * overlap in part (8 alternating first starts: mean 10.6 -> 9.7 s to the login page). A first run's
 * RSA key is made beside both, on the thread pool (prepareKeys).
 */
const appModules = () =>
  Promise.all([
    import('./app.ts'),
    import('./db/client.ts'),
    import('./db/migrate.ts'),
    import('./demo/load.ts'),
    import('./jobs.ts'),
    import('./modules/mockTrade/exchange-rates.ts'),
    import('./modules/sys/bootstrap.ts'),
    import('./platform/jobs/runner.ts'),
  ]);

async function main() {
  const config = loadConfig();
  const [{ url, embedded }, modules, keys] = await Promise.all([
    databaseUrl(config),
    appModules(),
    prepareKeys(config.dataDir, config.rsaPrivateKey, config.secretKey),
  ]);
  const [
    { buildApp },
    { openDatabase },
    { runMigrations },
    { loadDemoOnFirstStart },
    { allJobs },
    { seedExchangeRates },
    { bootstrap, INITIAL_PASSWORD_FILE },
    { startJobs },
  ] = modules;
  const database = openDatabase(url, 20);
  // buildApp registers routes and sends no statement (its onReady hooks run at listen), so it runs
  // while the migrations apply: their work is PostgreSQL's, the routes' this process's (1.6 s each
  // on a first start).
  const [, { app, ctx }] = await Promise.all([
    runMigrations(database.db),
    buildApp({ config, database, keys }),
  ]);
  const first = await bootstrap(ctx);
  await seedExchangeRates(ctx);
  // Jobs start with the server process only: buildApp (and so every API test) runs without them. Their
  // start (pg-boss's schema and a queue per job: 0.9 s on a first start) runs beside the listen.
  const jobsStarted = startJobs(ctx, allJobs, app.log);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: stopping`);
    await (await jobsStarted).stop();
    await app.close();
    await database.close();
    if (embedded) await embedded.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await Promise.all([app.listen({ port: config.port, host: config.host }), jobsStarted]);
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
