/**
 * What other order pages say of the USDT orders (the merchant callbacks' and the failure rollup's
 * families, the state only a USDT deposit ends in), apart from the USDT definitions: those pages'
 * chunks do not carry the USDT lists.
 */
import type { StateInput } from '../../lifecycle.ts';

/** The USDT order families of the merchant callbacks and the failure rollup (next to deposit/withdraw). */
export const USDT_FAMILY_LABELS = {
  usdtDeposit: ['USDT充值', 'USDT deposit'],
  usdtWithdraw: ['USDT代付', 'USDT withdrawal'],
} as const satisfies Record<string, readonly [string, string]>;

/** An exception the operator chose to ignore: final, nothing credited or sent back. */
export const USDT_IGNORED_STATE = {
  color: 'default',
  label: ['已忽略', 'Ignored'],
} as const satisfies StateInput;
