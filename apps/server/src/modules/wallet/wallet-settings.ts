/**
 * The wallet's settings (sellConfigPage): every key of the catalogue has a row (made at
 * start with its default, never overwritten), a value is checked against its key's type and bounds
 * when edited, and the wallet's services read them through `walletSettings`.
 */
import { type Locale, WALLET_SETTING_KEYS, WALLET_SETTINGS, type WalletSettingKey } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import { dec, type Tx } from '../../platform/ledger/index.ts';
import { walletSettings } from './wallet-config.schema.ts';

const text = {
  number: { 'zh-CN': '须为{min}到{max}之间的整数', 'en-US': 'must be a whole number from {min} to {max}' },
  money: {
    'zh-CN': '须为{min}到{max}之间的金额(最多2位小数)',
    'en-US': 'must be an amount from {min} to {max} (2 decimals at most)',
  },
} as const;

export async function ensureWalletSettings(db: AppContext['db']) {
  await db
    .insert(walletSettings)
    .values(WALLET_SETTING_KEYS.map((key) => ({ key, value: WALLET_SETTINGS[key].default })))
    .onConflictDoNothing();
}

/** Refuses a value its key's type or bounds do not allow, naming `value` in the operator's language. */
export function checkSettingValue(key: WalletSettingKey, value: string, locale: Locale) {
  const def = WALLET_SETTINGS[key];
  const pattern = def.type === 'number' ? /^\d{1,9}$/ : /^\d{1,12}(\.\d{1,2})?$/;
  const ok = pattern.test(value) && dec(value).gte(String(def.min)) && dec(value).lte(String(def.max));
  if (!ok)
    throw fieldError(
      'value',
      text[def.type][locale].replace('{min}', String(def.min)).replace('{max}', String(def.max)),
    );
}

export type WalletSettingValues = Record<WalletSettingKey, string>;

/** Every setting, the catalogue's default where a row is missing. Read before a transaction opens. */
export async function readWalletSettings(db: AppContext['db'] | Tx): Promise<WalletSettingValues> {
  const rows = await db.select().from(walletSettings);
  const out = Object.fromEntries(
    WALLET_SETTING_KEYS.map((k) => [k, WALLET_SETTINGS[k].default]),
  ) as WalletSettingValues;
  for (const r of rows) if (r.key in out) out[r.key as WalletSettingKey] = r.value;
  return out;
}
