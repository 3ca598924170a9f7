/** The /wallet pages for the shell's page registry: route path -> lazy page. */
import { type PageModule, pagesOf } from '../../app/lazy-pages.ts';

const page = pagesOf(() => import('./wallet-pages.tsx'));
const disputes = pagesOf(() => import('./dispute-page.tsx'));
const emails = pagesOf(() => import('./wallet-email-pages.tsx'));

export const walletPages: Record<string, () => PageModule> = {
  '/wallet/disputeOrderPage': disputes('DisputePage'),
  '/wallet/walletTradeBuyOrderPage': page('WalletTradeBuyPage'),
  '/wallet/walletTradeSellOrderPage': page('WalletTradeSellPage'),
  '/wallet/walletFindByPage': page('WalletMembersPage'),
  '/wallet/walletPayTypeInfoPage': page('WalletPayTypeInfoPage'),
  '/wallet/walletPageFundLog': page('WalletFundLogPage'),
  '/wallet/sellConfigPage': page('WalletSettingsPage'),
  '/wallet/sellSplitQuery': page('SellSplitPage'),
  '/wallet/virtualOrderConfigPage': page('AdOrderRulesPage'),
  '/wallet/fixedCodeConfigPage': page('FixedCodePage'),
  '/wallet/payTypePage': page('PayTypePage'),
  '/wallet/withdrawTypePage': page('WithdrawTypePage'),
  '/wallet/imMsgListOfBuy': page('ImBuyPage'),
  '/wallet/imMsgListOfSell': page('ImSellPage'),
  '/wallet/emailConfigListWallet': emails('WalletEmailConfigPage'),
  '/wallet/emailOrderListWallet': emails('WalletEmailOrderPage'),
};
