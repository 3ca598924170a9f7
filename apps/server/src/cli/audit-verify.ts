/**
 * `npm run audit:verify`: walks the hash chains of the login log and the operation log (every one of
 * the operation log's shards, platform/audit.ts).
 */
import { loadConfig } from '../config.ts';
import { openForCli } from '../db/open-for-cli.ts';
import { CHAINS, verifyChain } from '../platform/audit.ts';

const database = await openForCli(loadConfig());
let broken = false;
try {
  for (const chain of CHAINS) {
    const report = await verifyChain(database.db, chain);
    if (report.brokenAt === undefined) {
      process.stdout.write(`${chain}: ${report.rows} rows, chain intact\n`);
    } else {
      broken = true;
      process.stdout.write(
        `${chain}: BROKEN at row id ${report.brokenAt} (after ${report.rows} good rows)\n`,
      );
    }
  }
} finally {
  await database.release();
}
process.exit(broken ? 1 : 0);
