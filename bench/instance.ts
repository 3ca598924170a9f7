/**
 * A second app instance for the bench, in its own process: the app (buildApp) on the bench's database
 * and data folder (the same keys), with the server's own pool size, listening on a free port of
 * 127.0.0.1, which it prints. As behind a load balancer (test/scale-out.test.ts checks that sessions,
 * revocation, jobs and the audit chain hold across instances). Stops on SIGTERM.
 *
 *   node --import tsx bench/instance.ts '{"dbUrl": "...", "dataDir": "..."}'
 */
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { benchConfig } from './setup.ts';

const { dbUrl, dataDir } = JSON.parse(process.argv[2]!) as { dbUrl: string; dataDir: string };
const database = openDatabase(dbUrl, 20);
const { app } = await buildApp({ config: benchConfig(dataDir, dbUrl), database });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
process.on('SIGTERM', async () => {
  await app.close();
  await database.close();
  process.exit(0);
});
