/**
 * wallet/walletFindByPage (wallet members: balances read from their ledger accounts in the page's own
 * statement; freeze/unfreeze are lifecycle transitions with a reason) and walletPayTypeInfoPage.
 */
import { walletFindByPage, walletPayTypeInfoPage } from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { balanceColumn } from '../../platform/ledger/index.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { walletMembers, walletPayAccounts } from './wallet.schema.ts';
import { WALLET_COIN } from './wallet-trade.service.ts';

// The wallet holds USDT (the market's coin). The member's id is named with its table: inside the
// balance's subquery a bare "id" would be the ledger account's.
const memberId = sql.raw('"wallet_members"."id"') as unknown as PgColumn;
export const walletBalances = {
  available: balanceColumn('wallet_member', memberId, WALLET_COIN),
  frozenBalance: balanceColumn('wallet_member', memberId, WALLET_COIN, 'frozen'),
};

export async function walletMemberRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, walletFindByPage, { table: walletMembers, computed: walletBalances });
  registerTransitions(fastify, walletFindByPage, { table: walletMembers });
  registerCrud(fastify, walletPayTypeInfoPage, { table: walletPayAccounts });
}
