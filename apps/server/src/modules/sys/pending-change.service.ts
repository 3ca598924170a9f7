/**
 * Settings that weaken protections go through maker-checker, like money (issue 18, section 4): one
 * administrator asks, a second approves, and the change takes effect only then. Weakening is: raising
 * the adjustment approval threshold (and never more than THRESHOLD_MAX_FACTOR-fold at once), switching
 * off "require an authenticator" or the IP white list, clearing the code requirement of a money action.
 * Strengthening changes apply at once. The pending ones are pendingChange's rows (contracts), decided
 * on the settings page.
 */
import type { Locale } from '@payops/contracts';
import Big from 'big.js';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { HeldForApproval } from '../../platform/crud/writes.ts';
import { fieldError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/ledger/accounts.ts';
import { type Settings, setSetting } from '../../platform/settings.ts';
import { pendingChanges } from './pending-change.schema.ts';
import { resources } from './schema.ts';

type PendingChange = typeof pendingChanges.$inferSelect;

const held: Record<Locale, (id: number) => string> = {
  'zh-CN': (id) =>
    `该变更会削弱安全保护，已提交待另一位管理员在系统配置页审批（变更 #${id}），批准前保持原值`,
  'en-US': (id) =>
    `This change weakens a protection: it waits for a second administrator on the settings page (change #${id}); until then the old value stays`,
};

/** What an edit answers when part of it waits for approval: the request, and the word to show. */
export function heldForApproval(pendingChangeId: number, locale: Locale): HeldForApproval {
  return { pendingChangeId, notice: { level: 'warning', text: held[locale](pendingChangeId) } };
}

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

/**
 * An approved change takes effect in the approval's transaction (pendingChange's `approve`; the
 * transition registrar has checked the state, the code and that the approver is not the maker).
 */
export async function applyChange(ctx: AppContext, tx: Tx, change: PendingChange, operatorId: number | null) {
  if (change.target === 'setting') {
    await setSetting(ctx, change.key as keyof Settings, change.value as never, operatorId, tx);
    return;
  }
  await tx
    .update(resources)
    .set({ needsCode: change.value as boolean })
    .where(eq(resources.permission, change.key));
}
