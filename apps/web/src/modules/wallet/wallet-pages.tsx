/** The /wallet pages that are their definition and nothing more: the engine renders them whole. */
import { imMsgListOfBuy, imMsgListOfSell } from '@payops/contracts/resources/wallet/im-replies';
import {
  fixedCodeConfigPage,
  payTypePage,
  sellSplitQuery,
  virtualOrderConfigPage,
  withdrawTypePage,
} from '@payops/contracts/resources/wallet/wallet-config';
import { walletPageFundLog } from '@payops/contracts/resources/wallet/wallet-fund-log';
import { walletFindByPage, walletPayTypeInfoPage } from '@payops/contracts/resources/wallet/wallet-members';
import { sellConfigPage } from '@payops/contracts/resources/wallet/wallet-settings';
import {
  walletTradeBuyOrderPage,
  walletTradeSellOrderPage,
} from '@payops/contracts/resources/wallet/wallet-trades';
import { ResourcePage } from '../../engine/resource-page.tsx';

export function WalletMembersPage() {
  return <ResourcePage def={walletFindByPage} />;
}

export function WalletPayTypeInfoPage() {
  return <ResourcePage def={walletPayTypeInfoPage} />;
}

export function WalletFundLogPage() {
  return <ResourcePage def={walletPageFundLog} />;
}

export function AdOrderRulesPage() {
  return <ResourcePage def={virtualOrderConfigPage} />;
}

export function SellSplitPage() {
  return <ResourcePage def={sellSplitQuery} />;
}

export function WalletSettingsPage() {
  return <ResourcePage def={sellConfigPage} />;
}

export function FixedCodePage() {
  return <ResourcePage def={fixedCodeConfigPage} />;
}

export function PayTypePage() {
  return <ResourcePage def={payTypePage} />;
}

export function WithdrawTypePage() {
  return <ResourcePage def={withdrawTypePage} />;
}

export function ImBuyPage() {
  return <ResourcePage def={imMsgListOfBuy} />;
}

export function ImSellPage() {
  return <ResourcePage def={imMsgListOfSell} />;
}

export function WalletTradeBuyPage() {
  return <ResourcePage def={walletTradeBuyOrderPage} />;
}

export function WalletTradeSellPage() {
  return <ResourcePage def={walletTradeSellOrderPage} />;
}
