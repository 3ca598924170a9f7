/**
 * The ledger's contra accounts under concurrent postings (issue 9, "Money hardening"): the same
 * deposits (a merchant credited from the platform's settlement contra, one transaction each) posted by
 * 16 concurrent workers, first all against one contra row, then against the contra's shards chosen by
 * the hash of each order's reference. With one row, every transaction waits for the previous one's
 * commit to release that row's lock; with shards, commits overlap.
 *
 * `npm run bench` prints it as one row; `node --import tsx bench/ledger.ts` runs it alone on a small
 * world.
 */
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Db } from '../apps/server/src/db/client.ts';
import {
  CONTRA_SHARDS,
  ensureAccount,
  platformAccount,
  postEntry,
} from '../apps/server/src/platform/ledger/index.ts';
import { printTable, type Row } from './stats.ts';

const WORKERS = 16;
const SECONDS = 4;
const MERCHANTS = 64;

type Mode = 'one' | 'sharded';

/** Postings per second for SECONDS with WORKERS concurrent transactions. */
async function postingsPerSecond(db: Db, accounts: number[], mode: Mode, tag: string): Promise<number> {
  let n = 0;
  const until = Date.now() + SECONDS * 1000;
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      for (let i = 0; Date.now() < until; i++) {
        const refId = `${tag}-${w}-${i}`;
        await db.transaction(async (tx) => {
          const contra = await platformAccount(
            tx,
            'settlement',
            'CNY',
            mode === 'sharded' ? `bench_deposit:${refId}` : undefined,
          );
          const account = accounts[(w * 7 + i) % accounts.length]!;
          await postEntry(tx, {
            kind: 'deposit',
            refType: 'bench_deposit',
            refId,
            legs: [
              { accountId: account, amount: '10.00' },
              { accountId: contra.id, amount: '-10.00' },
            ],
          });
        });
        n++;
      }
    }),
  );
  return n / (Number(process.hrtime.bigint() - t0) / 1e9);
}

export async function ledgerContra(db: Db, rows: Row[]): Promise<void> {
  const accounts = await db.transaction(async (tx) => {
    const ids: number[] = [];
    for (let i = 0; i < MERCHANTS; i++)
      ids.push((await ensureAccount(tx, { ownerType: 'merchant', ownerId: 900_000 + i })).id);
    // Every shard exists before the clock starts.
    for (let k = 0; k < 256; k++) await platformAccount(tx, 'settlement', 'CNY', `warm:${k}`);
    return ids;
  });
  await postingsPerSecond(db, accounts, 'sharded', 'warm');
  const one = await postingsPerSecond(db, accounts, 'one', 'one');
  const sharded = await postingsPerSecond(db, accounts, 'sharded', 'sharded');
  rows.push({
    workload: `ledger postings/s, ${WORKERS} concurrent, contra in ${CONTRA_SHARDS} shards (one row: ${Math.round(one)}/s)`,
    figure: `${Math.round(sharded)}/s (${(sharded / one).toFixed(1)}x)`,
    budget: '> one row',
    pass: sharded > one,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { makeWorld } = await import('./setup.ts');
  const world = await makeWorld(1000);
  const rows: Row[] = [];
  try {
    await ledgerContra(world.ctx.db, rows);
    printTable(rows, `${os.cpus().length} cores, Node ${process.version}`);
  } finally {
    // Idle connections are cut when the database stops: expected here, not a failure.
    world.ctx.pool.on('error', () => {});
    await world.close();
  }
  process.exit(0);
}
