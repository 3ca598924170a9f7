/**
 * The journal's event key on a database that already has postings: migrated up to just before
 * `*_ledger_entries`, given postings that repeat an event (two points adjustments of one member, as
 * made before the key existed) and a reversal, then migrated to the end. Every entry gets its journal
 * row, the events are unique, and the ledger verifies.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { MIGRATIONS_DIR, runMigrations } from '../src/db/migrate.ts';
import { ledgerIsSound, verifyLedger } from '../src/platform/ledger/index.ts';

const prefix = inject('pgUrlPrefix');
const name = `t_mig_${randomBytes(6).toString('hex')}`;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'payops-mig-'));

afterAll(async () => {
  fs.rmSync(folder, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: `${prefix}postgres` });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.end();
});

/** A copy of the migrations folder that stops before the one whose tag ends with `tagSuffix`. */
function migrationsBefore(tagSuffix: string): string {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const stop = journal.entries.findIndex((e) => e.tag.endsWith(tagSuffix));
  expect(stop).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, stop);
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    fs.copyFileSync(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
  return folder;
}

it('existing postings, repeated events included, satisfy the (ref_type, ref_id, event) key', async () => {
  const admin = new pg.Client({ connectionString: `${prefix}postgres` });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const database = openDatabase(`${prefix}${name}`, 2);
  try {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(database.db, { migrationsFolder: migrationsBefore('_ledger_entries') });
    const q = (text: string) => database.pool.query(text);
    await q(`INSERT INTO ledger_accounts (id, owner_type, owner_id, owner_code, currency, available, allow_negative)
             VALUES (1, 'member', 7, 'acc7', 'PTS', 150, false), (2, 'platform', 3, 'points', 'PTS', -150, true)`);
    const posting = (
      id: number,
      entry: number,
      account: number,
      amount: number,
      after: number,
      reverses = 'NULL',
    ) =>
      `(${id}, ${entry}, ${account}, '${account === 1 ? 'member' : 'platform'}', 7, 'PTS', ${amount}, 0, ${after}, 0,
        '${reverses === 'NULL' ? 'points' : 'reversal'}', 'member_points', 'acc7', ${reverses})`;
    await q(`INSERT INTO ledger_postings (id, entry_id, account_id, owner_type, owner_id, currency, amount,
               frozen_amount, balance_after, frozen_after, kind, ref_type, ref_id, reverses_entry_id) VALUES
             ${[
               posting(1, 1, 1, 100, 100),
               posting(2, 1, 2, -100, -100),
               posting(3, 2, 1, 100, 200),
               posting(4, 2, 2, -100, -200),
               posting(5, 3, 1, -50, 150, '2'),
               posting(6, 3, 2, 50, -150, '2'),
             ].join(',')}`);
    await runMigrations(database.db);
    const { rows } = await q('SELECT id, event FROM ledger_entries ORDER BY id');
    expect(rows).toEqual([
      { id: '1', event: 'points' },
      { id: '2', event: 'points:2' },
      { id: '3', event: 'reversal:2' },
    ]);
    expect(ledgerIsSound(await verifyLedger(database.db))).toBe(true);
  } finally {
    await database.close();
  }
});
