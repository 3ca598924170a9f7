/** The ledger pieces a split ruling needs: the trade order's parties' coin accounts. */

import type { Tx } from '../../platform/ledger/index.ts';
import type { TradeOrder } from '../trade/index.ts';
import { coinAccount } from '../trade/traders.ts';

export { dec, LedgerError, ledgerAppError, postEntry, type Tx } from '../../platform/ledger/index.ts';

export function coinAccountOf(tx: Tx, o: TradeOrder, side: 'buyer' | 'seller') {
  const t =
    side === 'buyer'
      ? { ownerType: o.buyerType, ownerId: o.buyerId, code: o.buyerCode, merchantId: o.buyerMerchantId }
      : { ownerType: o.sellerType, ownerId: o.sellerId, code: o.sellerCode, merchantId: o.sellerMerchantId };
  return coinAccount(tx, t, o.currency);
}
