/**
 * `npm run seed:demo -- [--merchants N] [--members N] [--seed N] [--batch N] [--orders N]`: loads the
 * demo platform into the configured database (DATABASE_URL, or the embedded one of the data folder),
 * after applying migrations. Refuses a database that already has merchants. Sizes can grow to millions
 * of members. `--orders N` then places N orders through the merchant API over HTTP: the console is
 * started in this process on a loopback port for it (demo/orders.ts).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { runMigrations } from '../db/migrate.ts';
import { openForCli } from '../db/open-for-cli.ts';
import { describeDemoDay } from '../demo/demo-day.ts';
import { describeReport, loadDemo } from '../demo/load.ts';
import { describeOrdersReport } from '../demo/orders.ts';
import { placeOrdersThroughApi } from '../demo/orders-server.ts';
import { loadKeys } from '../platform/keys.ts';

const { values } = parseArgs({
  options: {
    merchants: { type: 'string' },
    members: { type: 'string' },
    seed: { type: 'string' },
    batch: { type: 'string' },
    orders: { type: 'string' },
  },
});
const int = (v: string | undefined) => (v === undefined ? undefined : Number.parseInt(v, 10));

const config = loadConfig();
const database = await openForCli(config);
let code = 0;
try {
  await runMigrations(database.db);
  const keys = loadKeys(config.dataDir, config.rsaPrivateKey, config.secretKey);
  const options = Object.fromEntries(
    Object.entries({
      merchants: int(values.merchants),
      members: int(values.members),
      seed: int(values.seed),
      batch: int(values.batch),
    }).filter(([, v]) => v !== undefined && Number.isInteger(v) && v >= 0),
  );
  const origin = `http://127.0.0.1:${config.port}`;
  const report = await loadDemo(database.db, keys.secretKey, new Date(), { ...options, origin });
  if (report) process.stdout.write(`${describeReport(report)}\n`);
  const orders = int(values.orders) ?? 0;
  if (report && orders > 0) {
    const placed = await placeOrdersThroughApi(config, database, keys, orders);
    process.stdout.write(`${describeOrdersReport(placed.orders)}\n${describeDemoDay(placed)}\n`);
  }
  if (!report) {
    process.stdout.write('the database already has merchants: demo data not loaded\n');
    code = 1;
  }
} finally {
  await database.release();
}
process.exit(code);
