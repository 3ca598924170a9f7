/** The /wallet pages that are their definition and nothing more: the engine renders them whole. */
import { walletPageFundLog } from '@payops/contracts/resources/wallet/wallet-fund-log';
import { walletFindByPage, walletPayTypeInfoPage } from '@payops/contracts/resources/wallet/wallet-members';
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
