/**
 * The automatic traders' settings: buyers and sellers, each started with a rate per minute, an amount
 * range and the shares of its orders that pay late or end in a dispute, until stopped. Persisted in
 * mock_traders, so a restart keeps them as set; the minute job (trader-job.ts) reads them each tick.
 */

import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/ledger/index.ts';
import { dec } from '../../platform/ledger/money.ts';
import { mockTraders, TRADER_SIDES, type TraderSide } from './sandbox.schema.ts';

const SHARE = /^(0(\.\d{1,4})?|1(\.0{1,4})?)$/;
const USDT = /^\d{1,12}(\.\d{1,8})?$/;
// Wrong formats are refused by the fields' own checks; the cross-field rules compare valid ones only.
const share = z.string().regex(SHARE);
const usdt = z.string().regex(USDT);
const valid = (re: RegExp, s: unknown): s is string => typeof s === 'string' && re.test(s);

/** buyStart/sellStart's query: every setting optional (the last one used stays). */
export const startQuery = z
  .strictObject({
    ratePerMinute: z.coerce.number().int().min(1).max(60).optional(),
    amountMin: usdt.optional(),
    amountMax: usdt.optional(),
    lateShare: share.optional(),
    disputeShare: share.optional(),
  })
  .superRefine((q, ctx) => {
    const { amountMin: min, amountMax: max, lateShare: late, disputeShare: dispute } = q;
    if (valid(USDT, min) && valid(USDT, max) && dec(max).lt(dec(min)))
      ctx.addIssue({ code: 'custom', path: ['amountMax'], message: 'notBelow:amountMin' });
    if (valid(USDT, min) && dec(min).lte(dec('0')))
      ctx.addIssue({ code: 'custom', path: ['amountMin'], message: 'outOfRange' });
    if (valid(SHARE, late) && valid(SHARE, dispute) && dec(late).plus(dec(dispute)).gt(dec('1')))
      ctx.addIssue({ code: 'custom', path: ['disputeShare'], message: 'sharesOverOne' });
  });
export type StartQuery = z.infer<typeof startQuery>;

export const traderRow = z.object({
  side: z.enum(TRADER_SIDES),
  running: z.boolean(),
  ratePerMinute: z.number(),
  amountMin: z.string(),
  amountMax: z.string(),
  lateShare: z.string(),
  disputeShare: z.string(),
  actions: z.number(),
  startedAt: z.date().nullable(),
  stoppedAt: z.date().nullable(),
});
export type Trader = z.infer<typeof traderRow>;

const columns = {
  side: mockTraders.side,
  running: mockTraders.running,
  ratePerMinute: mockTraders.ratePerMinute,
  amountMin: mockTraders.amountMin,
  amountMax: mockTraders.amountMax,
  lateShare: mockTraders.lateShare,
  disputeShare: mockTraders.disputeShare,
  actions: mockTraders.actions,
  startedAt: mockTraders.startedAt,
  stoppedAt: mockTraders.stoppedAt,
};

/** Both sides, made with their defaults the first time. */
export async function listTraders(db: Executor): Promise<Trader[]> {
  await db
    .insert(mockTraders)
    .values(TRADER_SIDES.map((side) => ({ side })))
    .onConflictDoNothing();
  return db.select(columns).from(mockTraders).orderBy(mockTraders.side);
}

export async function traderOf(db: Executor, side: TraderSide): Promise<Trader> {
  const all = await listTraders(db);
  return all.find((t) => t.side === side)!;
}

/**
 * Re-tunes one side, and starts it when `start` (buyStart) or leaves it as it is (buyUpdate); answers
 * the row before and after. A range whose stored minimum lies above a new maximum is checked on the
 * merged values.
 */
export async function tuneTraders(
  db: Executor,
  side: TraderSide,
  q: StartQuery,
  now: Date,
  operatorId: number | null,
  start: boolean,
): Promise<{ before: Trader; after: Trader } | { field: string }> {
  const before = await traderOf(db, side);
  const merged = { ...before, ...q };
  if (dec(merged.amountMax).lt(dec(merged.amountMin)))
    return { field: q.amountMax ? 'amountMax' : 'amountMin' };
  if (dec(merged.lateShare).plus(dec(merged.disputeShare)).gt(dec('1'))) return { field: 'disputeShare' };
  const [after] = await db
    .update(mockTraders)
    .set({
      ...q,
      ...(start && !before.running ? { running: true, actions: 0, startedAt: now } : {}),
      updatedBy: operatorId,
      updatedAt: now,
    })
    .where(eq(mockTraders.side, side))
    .returning(columns);
  return { before, after: after! };
}

export async function stopTraders(db: Executor, side: TraderSide, now: Date, operatorId: number | null) {
  const before = await traderOf(db, side);
  const [after] = await db
    .update(mockTraders)
    .set({
      running: false,
      stoppedAt: before.running ? now : before.stoppedAt,
      updatedBy: operatorId,
      updatedAt: now,
    })
    .where(eq(mockTraders.side, side))
    .returning(columns);
  return { before, after: after! };
}

/** Counts what a tick did on a side (the page shows it). */
export async function countActions(db: Executor, side: TraderSide, n: number): Promise<void> {
  if (n <= 0) return;
  await db
    .update(mockTraders)
    .set({ actions: sql`${mockTraders.actions} + ${n}` })
    .where(eq(mockTraders.side, side));
}
