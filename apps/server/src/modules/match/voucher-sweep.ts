/**
 * Orphan vouchers: two uploads for one match race, both pass the state check and store their file,
 * one `pay` transition wins, and the loser's file is left on disk that no match references (likewise
 * a voucher stored just before a crash). Deleting it when the transaction fails is unsafe with
 * content-addressed files: another match may hold the same bytes, or an upload of them may be
 * between its rename and its commit. So a job sweeps instead: a file (or a temporary file) older than
 * the grace period (a rename refreshes the time) that no match references is removed.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../platform/context.ts';
import { defineJob } from '../../platform/jobs/registry.ts';
import { voucherDir } from './voucher.ts';

/** Far longer than an upload's store-then-commit. */
export const VOUCHER_GRACE_MS = 60 * 60_000;
const BATCH = 500;

/** Removes the unreferenced files older than the grace period before `now`; answers how many. */
export async function sweepOrphanVouchers(ctx: AppContext, now = new Date()): Promise<number> {
  const dir = voucherDir(ctx.config.dataDir);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const before = now.getTime() - VOUCHER_GRACE_MS;
  const old: string[] = [];
  for (const name of names) {
    const stat = await fs.stat(path.join(dir, name)).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < before) old.push(name);
  }
  let removed = 0;
  for (let i = 0; i < old.length; i += BATCH) {
    const batch = old.slice(i, i + BATCH);
    const hashes = batch.filter((n) => /^[0-9a-f]{64}$/.test(n));
    const { rows } = await ctx.pool.query<{ h: string }>(
      'SELECT DISTINCT voucher_hash AS h FROM matches WHERE voucher_hash = ANY($1::text[])',
      [hashes],
    );
    const kept = new Set(rows.map((r) => r.h));
    for (const name of batch) {
      // A temporary file (.<hash>.<random>) old enough is a write that never finished.
      if (kept.has(name)) continue;
      await fs.rm(path.join(dir, name), { force: true });
      removed++;
    }
  }
  return removed;
}

export const voucherSweepJob = defineJob({
  name: 'voucher-sweep',
  schedule: '17 * * * *',
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  handler: async (ctx) => ({ removed: await sweepOrphanVouchers(ctx) }),
});
