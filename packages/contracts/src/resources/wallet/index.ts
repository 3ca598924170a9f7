/** The /wallet group's resource definitions. */

export * from './dispute-payee.ts';
export * from './im-replies.ts';
export * from './wallet-config.ts';
export * from './wallet-disputes.ts';
export * from './wallet-email.ts';
export * from './wallet-fund-log.ts';
export * from './wallet-members.ts';
export * from './wallet-settings.ts';
export * from './wallet-trades.ts';

import type { ResourceDef } from '../../resource.ts';
import { disputePayee } from './dispute-payee.ts';
import { imMsgListOfBuy, imMsgListOfSell } from './im-replies.ts';
import {
  fixedCodeConfigPage,
  payTypePage,
  sellSplitQuery,
  virtualOrderConfigPage,
  withdrawTypePage,
} from './wallet-config.ts';
import { disputeEvidence, disputeOrderPage } from './wallet-disputes.ts';
import { emailConfigListWallet, emailOrderListWallet } from './wallet-email.ts';
import { walletPageFundLog } from './wallet-fund-log.ts';
import { walletFindByPage, walletPayTypeInfoPage } from './wallet-members.ts';
import { sellConfigPage } from './wallet-settings.ts';
import { walletTradeBuyOrderPage, walletTradeSellOrderPage } from './wallet-trades.ts';

/** The wallet's definitions in the order of its menu (the cashier pages are modules/cashier's). */
export const WALLET_RESOURCES: readonly ResourceDef[] = [
  ...[
    disputeOrderPage,
    disputeEvidence,
    disputePayee,
    walletFindByPage,
    walletPayTypeInfoPage,
    walletPageFundLog,
  ],
  ...[sellConfigPage, imMsgListOfBuy, imMsgListOfSell, virtualOrderConfigPage, sellSplitQuery],
  ...[fixedCodeConfigPage, payTypePage, withdrawTypePage, walletTradeBuyOrderPage, walletTradeSellOrderPage],
  ...[emailConfigListWallet, emailOrderListWallet],
];
