/**
 * wallet/walletFindByPage (wallet members: balances read from their ledger accounts in the page's own
 * statement; freeze/unfreeze are lifecycle transitions with a reason) and walletPayTypeInfoPage.
 */
import { walletFindByPage, walletPayTypeInfoPage } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { balanceColumn } from '../../platform/ledger/index.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { walletMembers, walletPayAccounts } from './wallet.schema.ts';
import { WALLET_COIN } from './wallet-trade.service.ts';

// The wallet holds USDT (the market's coin).
export const walletBalances = {
  available: balanceColumn('wallet_member', walletMembers.id, WALLET_COIN),
  frozenBalance: balanceColumn('wallet_member', walletMembers.id, WALLET_COIN, 'frozen'),
};

export async function walletMemberRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, walletFindByPage, { table: walletMembers, computed: walletBalances });
  registerTransitions(fastify, walletFindByPage, { table: walletMembers });
  registerCrud(fastify, walletPayTypeInfoPage, { table: walletPayAccounts });
}
