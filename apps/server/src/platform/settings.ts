/** Typed back-office settings stored in sys_config, with their defaults. */
import { DATACENTER_SWITCHES } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import { sysConfig } from '../modules/sys/schema.ts';
import type { AppContext } from './context.ts';
import { forget, remembered } from './instance-cache.ts';

export interface Settings {
  /** Enforce the IP white list for back-office access. */
  whiteIpEnabled: boolean;
  /** Usernames that see the wallet cashier pages. */
  cashierStaff: string[];
  /** Every operator must bind an authenticator (PCI DSS 8.4.2). */
  requireAuthenticator: boolean;
  /** Balance adjustments above this amount need a second operator's approval (decimal string). */
  adjustApprovalThreshold: string;
  /** A pending adjustment no one decided within this many hours is rejected by the system (a job). */
  adjustApprovalExpiryHours: number;
  /**
   * Unpaid orders expire after this many minutes; an open withdrawal times out after as many (each
   * unless its merchant has its own timeout).
   */
  orderTimeoutMinutes: number;
  /** Waiting withdrawals below this amount count in the header's low-amount badge (decimal string). */
  lowAmountWithdrawThreshold: string;
  /** Raw upstream callbacks (upstream_callbacks) are deleted after this many days (a job). */
  upstreamCallbackRetentionDays: number;
  /** Blocks a USDT transfer needs on top of its own before the chain watcher acts on it. */
  usdtConfirmations: number;
  /** Counter-payment SMS codes a wallet member may be sent per hour. */
  counterSmsPerHour: number;
  /** The data-centre on/off switches (spec: getConfigSelectorByCode DATACENTER_ONOFF_CONTROLLER). */
  DATACENTER_ONOFF_CONTROLLER: Record<string, boolean>;
}

/** orderTimeoutMinutes when no operator set it (a withdrawal made without the setting at hand uses it). */
export const DEFAULT_ORDER_TIMEOUT_MINUTES = 30;

export function defaultSettings(ctx: AppContext): Settings {
  return {
    whiteIpEnabled: false,
    cashierStaff: ctx.config.cashierStaff,
    requireAuthenticator: false,
    adjustApprovalThreshold: '50000',
    adjustApprovalExpiryHours: 72,
    orderTimeoutMinutes: DEFAULT_ORDER_TIMEOUT_MINUTES,
    lowAmountWithdrawThreshold: '100',
    upstreamCallbackRetentionDays: 90,
    usdtConfirmations: 3,
    counterSmsPerHour: 5,
    DATACENTER_ONOFF_CONTROLLER: Object.fromEntries(Object.keys(DATACENTER_SWITCHES).map((k) => [k, true])),
  };
}

/** A setting's value; `db` a transaction when read inside one (a hook's check). */
export async function getSetting<K extends keyof Settings>(
  ctx: AppContext,
  key: K,
  db: Pick<AppContext['db'], 'select'> = ctx.db,
): Promise<Settings[K]> {
  const [row] = await db.select({ value: sysConfig.value }).from(sysConfig).where(eq(sysConfig.key, key));
  const fallback = defaultSettings(ctx)[key];
  if (!row) return fallback;
  // A decimal setting (an amount) written as a bare JSON number reads as the string it stands for.
  if (typeof fallback === 'string' && typeof row.value === 'number') return String(row.value) as Settings[K];
  return row.value as Settings[K];
}

/**
 * A setting read through the instance's short memory (instance-cache.ts): for the settings a hot path
 * asks on every call (the binding requirement, the money flows' switches). `db`: the transaction
 * when read inside one (a transition's effect), so a miss never waits for a second connection.
 */
export function cachedSetting<K extends keyof Settings>(
  ctx: AppContext,
  key: K,
  db: Pick<AppContext['db'], 'select'> = ctx.db,
): Promise<Settings[K]> {
  return remembered(ctx, `setting:${key}`, () => getSetting(ctx, key, db));
}

/** Writes a setting; `db` the transaction when it is part of one (an approved pending change). */
export async function setSetting<K extends keyof Settings>(
  ctx: AppContext,
  key: K,
  value: Settings[K],
  operatorId: number | null,
  db: Pick<AppContext['db'], 'insert'> = ctx.db,
): Promise<void> {
  const now = ctx.clock.now();
  await db
    .insert(sysConfig)
    .values({ key, value, updatedBy: operatorId, updatedAt: now })
    .onConflictDoUpdate({ target: sysConfig.key, set: { value, updatedBy: operatorId, updatedAt: now } });
  forgetSetting(ctx, key);
}

/** This instance reads `key` afresh next time (after a transaction that wrote it has committed). */
export function forgetSetting(ctx: AppContext, key: keyof Settings): void {
  forget(ctx, `setting:${key}`);
}
