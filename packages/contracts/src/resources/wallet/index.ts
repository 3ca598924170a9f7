/** The /wallet group's resource definitions. */

export * from './wallet-fund-log.ts';
export * from './wallet-members.ts';

import type { ResourceDef } from '../../resource.ts';
import { walletPageFundLog } from './wallet-fund-log.ts';
import { walletFindByPage, walletPayTypeInfoPage } from './wallet-members.ts';

/** The wallet's definitions in the order of its menu (the cashier pages are modules/cashier's). */
export const WALLET_RESOURCES: readonly ResourceDef[] = [
  walletFindByPage,
  walletPayTypeInfoPage,
  walletPageFundLog,
];
