/**
 * wallet/emailConfigListWallet and emailOrderListWallet: the wallet's mailboxes and email orders, the
 * matching's pages (order/email-pages.tsx) on the wallet's definitions.
 */
import { emailConfigListWallet, emailOrderListWallet } from '@payops/contracts/resources/wallet/wallet-email';
import { ResourcePage } from '../../engine/resource-page.tsx';
import { EmailOrdersOf } from '../order/email-pages.tsx';

export function WalletEmailConfigPage() {
  return <ResourcePage def={emailConfigListWallet} />;
}

export function WalletEmailOrderPage() {
  return <EmailOrdersOf def={emailOrderListWallet} />;
}
