/**
 * `npm run ledger:verify`: every account's balances equal the sums of its postings, every posting's
 * balances-after equal the running sums, every entry balances per currency. Exit 1 otherwise.
 */
import { loadConfig } from '../config.ts';
import { openForCli } from '../db/open-for-cli.ts';
import { ledgerIsSound, verifyLedger } from '../platform/ledger/verify.ts';

const database = await openForCli(loadConfig());
let sound = false;
try {
  const report = await verifyLedger(database.db);
  sound = ledgerIsSound(report);
  process.stdout.write(`ledger: ${report.accounts} accounts, ${report.postings} postings\n`);
  for (const a of report.badAccounts)
    process.stdout.write(
      `  account ${a.id}: available ${a.available} (postings ${a.sumAvailable}), frozen ${a.frozen} (postings ${a.sumFrozen})\n`,
    );
  if (report.badPostings.length)
    process.stdout.write(`  postings off their running sum: ${report.badPostings.join(', ')}\n`);
  if (report.unbalancedEntries.length)
    process.stdout.write(`  entries that do not balance: ${report.unbalancedEntries.join(', ')}\n`);
  if (report.headlessEntries.length)
    process.stdout.write(`  entries without their journal row: ${report.headlessEntries.join(', ')}\n`);
  process.stdout.write(
    sound ? 'ledger: every balance equals the sum of its postings\n' : 'ledger: MISMATCH\n',
  );
} catch (e) {
  // A database never migrated has no ledger yet: nothing can disagree with its postings.
  const code = ((e as { cause?: { code?: string } }).cause ?? (e as { code?: string })).code;
  if (code !== '42P01') throw e;
  sound = true;
  process.stdout.write('ledger: no ledger tables yet (database not migrated): nothing to verify\n');
} finally {
  await database.release();
}
process.exit(sound ? 0 : 1);
