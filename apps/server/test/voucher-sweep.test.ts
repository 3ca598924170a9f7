/**
 * Orphan vouchers (issue 12): two payers' uploads for one match race through the merchant API; one
 * `pay` wins, the loser's file stays on disk unreferenced. The sweep job leaves it during the grace
 * period (an upload may be between its store and its commit), then removes it, and never the file a
 * match references.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeVoucher, voucherDir } from '../src/modules/match/voucher.ts';
import {
  sweepOrphanVouchers,
  VOUCHER_GRACE_MS,
  voucherSweepJob,
} from '../src/modules/match/voucher-sweep.ts';
import {
  addMembers,
  type MatchWorld,
  matchByNo,
  matchedDeposit,
  matchWorld,
  PNG,
  pooledWithdrawal,
  voucher,
} from './match-support.ts';

let w: MatchWorld;
const files = () => fs.readdirSync(voucherDir(w.t.ctx.config.dataDir)).filter((n) => !n.startsWith('.'));

beforeAll(async () => {
  w = await matchWorld();
  await addMembers(w, w.a, ['va1']);
  await addMembers(w, w.b, ['vb1']);
}, 60_000);
afterAll(() => w.t.close());

describe('orphan voucher sweep', () => {
  it('removes the losing upload’s file after the grace period, keeps the referenced one', async () => {
    await pooledWithdrawal(w, 'va1', '100');
    const d = await matchedDeposit(w, 'vb1', '100');
    const matchNo = d.envelope.data.pieces[0]!.matchNo;
    // Two different images for one match at once: both are stored, one pay wins.
    const other = Buffer.concat([PNG, Buffer.from('another receipt')]);
    const answers = await Promise.all([voucher(w, matchNo), voucher(w, matchNo, other)]);
    expect(answers.filter((a) => a.envelope.code === 0)).toHaveLength(1);
    const kept = String((await matchByNo(w, matchNo)).voucher_hash);
    // Whether the loser was refused before or after storing its file depends on timing; store both
    // images as the two uploads would (idempotent by hash), so the loser's orphan is certain.
    for (const bytes of [PNG, other])
      await storeVoucher(w.t.ctx.config.dataDir, { bytes, type: 'image/png' });
    expect(files().sort()).toHaveLength(2);
    expect(files()).toContain(kept);

    // Within the grace period nothing goes (the job's handler, now).
    expect(await voucherSweepJob.handler(w.t.ctx, {})).toEqual({ removed: 0 });
    // A stale temporary file of a write that never finished goes too.
    const dir = voucherDir(w.t.ctx.config.dataDir);
    fs.writeFileSync(path.join(dir, '.deadbeef.123456'), 'partial');
    const later = new Date(Date.now() + VOUCHER_GRACE_MS + 60_000);
    expect(await sweepOrphanVouchers(w.t.ctx, later)).toBe(2);
    expect(files()).toEqual([kept]);
    expect(fs.readdirSync(dir)).toEqual([kept]);
    expect(await sweepOrphanVouchers(w.t.ctx, later)).toBe(0);
  });
});
