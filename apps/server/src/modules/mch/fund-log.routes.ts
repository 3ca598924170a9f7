/**
 * mch/fund_log and mch/merchantTimeoutConfigPage: the merchants' view of the ledger journal (the
 * merchant's and operator's names are the registrar's ref labels; an adjustment's requester and
 * approver come from the adjustment behind the posting) and the per-merchant timeouts.
 */
import { fundLog, merchantTimeoutConfigPage } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { ledgerPostings } from '../../platform/ledger/index.ts';
import { adjustmentParties } from './adjust.service.ts';
import { merchants } from './schema.ts';

export async function fundLogRoutes(fastify: FastifyInstance) {
  const { db } = fastify.ctx;
  registerCrud(fastify, fundLog, {
    table: ledgerPostings,
    enrich: async (rows) => {
      const parties = await adjustmentParties(
        db,
        rows.map((r) => String(r.refId ?? '')),
      );
      return rows.map((r) => {
        const p = parties.get(String(r.refId ?? ''));
        return { ...r, requesterName: p?.requester ?? '', approverName: p?.approver ?? '' };
      });
    },
  });
  registerCrud(fastify, merchantTimeoutConfigPage, { table: merchants });
}
