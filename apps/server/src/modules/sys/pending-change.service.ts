/**
 * Settings that weaken protections go through maker-checker, like money (issue 18, section 4): one
 * administrator asks, a second approves, and the change takes effect only then. Weakening is: raising
 * the adjustment approval threshold (and never more than THRESHOLD_MAX_FACTOR-fold at once), switching
 * off "require an authenticator" or the IP white list, clearing the code requirement of a money action.
 * Strengthening changes apply at once.
 */
import { ErrorCode } from '@payops/contracts';
import Big from 'big.js';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { type Settings, setSetting } from '../../platform/settings.ts';
import { pendingChanges } from './pending-change.schema.ts';
import { resources } from './schema.ts';

export const THRESHOLD_MAX_FACTOR = 10;
/** Actions that move money: clearing their code requirement weakens a protection. */
export const MONEY_PERMISSIONS = new Set([
  'mch.mchList.adjust',
  'mch.mchAdjust.approve',
  'member.memberList.adjustPoints',
]);
const SWITCHES_ON_GUARD = new Set<string>(['requireAuthenticator', 'whiteIpEnabled']);

/** Whether setting `key` from `before` to `after` weakens a protection; throws when out of bounds. */
export function settingWeakens(key: string, before: unknown, after: unknown): boolean {
  if (key === 'adjustApprovalThreshold') {
    const b = new Big(String(before));
    const a = new Big(String(after));
    if (a.gt(b.times(THRESHOLD_MAX_FACTOR)))
      throw fieldError(
        'value',
        `must not rise more than ${THRESHOLD_MAX_FACTOR}-fold at once (at most ${b.times(THRESHOLD_MAX_FACTOR).toFixed()})`,
      );
    return a.gt(b);
  }
  // Fewer confirmations credit USDT sooner, nearer a chain reorganisation: a second admin approves.
  if (key === 'usdtConfirmations') return Number(after) < Number(before);
  // More SMS codes an hour are more guesses at a counter payment's code.
  if (key === 'counterSmsPerHour') return Number(after) > Number(before);
  return SWITCHES_ON_GUARD.has(key) && before === true && after === false;
}

export function needsCodeWeakens(permission: string, before: boolean, after: boolean): boolean {
  return MONEY_PERMISSIONS.has(permission) && before && !after;
}

export async function requestChange(
  ctx: AppContext,
  db: AppContext['db'],
  target: 'setting' | 'needsCode',
  key: string,
  before: unknown,
  value: unknown,
  operatorId: number,
): Promise<number> {
  const [row] = await db
    .insert(pendingChanges)
    .values({ target, key, before, value, requestedBy: operatorId, requestedAt: ctx.clock.now() })
    .returning({ id: pendingChanges.id });
  return row!.id;
}

/** Applies a pending change once, by an administrator other than its maker (guarded UPDATE). */
export async function approveChange(ctx: AppContext, id: number, operatorId: number) {
  const [change] = await ctx.db.select().from(pendingChanges).where(eq(pendingChanges.id, id));
  if (!change) throw new AppError(ErrorCode.notFound);
  if (change.requestedBy === operatorId) throw fieldError('id', 'the maker cannot approve their own change');
  const [claimed] = await ctx.db
    .update(pendingChanges)
    .set({ status: 'approved', decidedBy: operatorId, decidedAt: ctx.clock.now() })
    .where(and(eq(pendingChanges.id, id), eq(pendingChanges.status, 'pending')))
    .returning();
  if (!claimed) throw new AppError(ErrorCode.conflict);
  if (claimed.target === 'setting') {
    await setSetting(ctx, claimed.key as keyof Settings, claimed.value as never, operatorId);
  } else {
    await ctx.db
      .update(resources)
      .set({ needsCode: claimed.value as boolean })
      .where(eq(resources.permission, claimed.key));
  }
  return claimed;
}

export async function listPending(ctx: AppContext) {
  return ctx.db.select().from(pendingChanges).where(eq(pendingChanges.status, 'pending'));
}
