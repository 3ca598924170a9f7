/** wallet/walletPageFundLog: the ledger journal scoped to wallet members' accounts (any currency). */
import { walletPageFundLog } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { ledgerPostings } from '../../platform/ledger/index.ts';

export async function walletFundLogRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, walletPageFundLog, { table: ledgerPostings });
}
