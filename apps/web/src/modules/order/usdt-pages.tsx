/**
 * The USDT pages: deposit and withdrawal orders (their transitions from the lifecycles, their
 * on-chain transfers as the detail's child list), every transfer the chain watcher saw
 * (addressFlowList) and the transfers of one address (addressFlow, opened with `?address=` from an
 * order's address or the pool page). Each a definition; the only override links an address to its flows.
 */
import { addressFlow, addressFlowList } from '@payops/contracts/resources/order/chain-transfer';
import { orderDepositListUSDT } from '@payops/contracts/resources/order/usdt-deposit';
import { orderTransferListUSDT } from '@payops/contracts/resources/order/usdt-withdraw';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';
import { addressFlowLink } from './address-flow-link.tsx';

const depositOverrides: ResourceOverrides = { cells: { address: addressFlowLink('address') } };
// A payee is not a watched address: its flows are the transfers sent to it.
const withdrawOverrides: ResourceOverrides = { cells: { address: addressFlowLink('toAddress') } };
const flowOverrides: ResourceOverrides = {
  cells: { fromAddress: addressFlowLink('fromAddress'), toAddress: addressFlowLink('toAddress') },
};

export function UsdtDepositListPage() {
  return <ResourcePage def={orderDepositListUSDT} overrides={depositOverrides} />;
}

export function UsdtWithdrawListPage() {
  return <ResourcePage def={orderTransferListUSDT} overrides={withdrawOverrides} />;
}

export function AddressFlowListPage() {
  return <ResourcePage def={addressFlowList} overrides={flowOverrides} />;
}

export function AddressFlowPage() {
  return <ResourcePage def={addressFlow} overrides={flowOverrides} />;
}
