/**
 * mch/fund_log and mch/merchantTimeoutConfigPage: the merchants' view of the ledger journal (the
 * merchant's and operator's names are the registrar's ref labels) and the per-merchant timeouts.
 */
import { fundLog, merchantTimeoutConfigPage } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { ledgerPostings } from '../../platform/ledger/index.ts';
import { merchants } from './schema.ts';

export async function fundLogRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, fundLog, { table: ledgerPostings, scope: { ownerType: 'merchant' } });
  registerCrud(fastify, merchantTimeoutConfigPage, { table: merchants });
}
