/**
 * `npm run reports:rebuild [-- --from YYYY-MM-DD --to YYYY-MM-DD] [--verify]`: recomputes the finance
 * rollups from the raw orders (default: every day with orders), or with --verify compares the
 * maintained rollups with their recompute to the cent and exits 1 on any difference.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openForCli } from '../db/open-for-cli.ts';
import '../modules/opsReports/register.ts';
import '../modules/tradeReports/register.ts';
import { type DayRange, orderDays, rebuildRollups, verifyRollups } from '../modules/reports/rebuild.ts';

const { values } = parseArgs({
  options: { from: { type: 'string' }, to: { type: 'string' }, verify: { type: 'boolean', default: false } },
});
const DAY = /^\d{4}-\d{2}-\d{2}$/;
for (const v of [values.from, values.to])
  if (v !== undefined && !DAY.test(v)) {
    process.stderr.write(`reports: ${v} is not a day (YYYY-MM-DD)\n`);
    process.exit(2);
  }

const config = loadConfig();
const database = await openForCli(config);
let good = true;
try {
  const all = await orderDays(database.db, config.timeZone);
  const range: DayRange | null = all
    ? { from: values.from ?? all.from, to: values.to ?? all.to }
    : values.from && values.to
      ? { from: values.from, to: values.to }
      : null;
  if (!range) process.stdout.write('reports: no orders, nothing to do\n');
  else if (values.verify) {
    const mismatches = await verifyRollups(database.db, config.timeZone, range);
    for (const m of mismatches)
      process.stdout.write(`  ${m.rollup}/${m.source}: ${m.stale} stale rows, ${m.missing} missing rows\n`);
    good = mismatches.length === 0;
    process.stdout.write(
      good
        ? `reports: rollups ${range.from}..${range.to} equal the raw orders\n`
        : 'reports: rollups MISMATCH the raw orders\n',
    );
  } else {
    const days = await rebuildRollups(database.db, config.timeZone, range);
    process.stdout.write(`reports: ${days} days rebuilt (${range.from}..${range.to})\n`);
  }
} finally {
  await database.release();
}
process.exit(good ? 0 : 1);
