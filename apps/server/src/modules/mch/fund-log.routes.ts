/**
 * mch/fund_log and mch/merchantTimeoutConfigPage: the merchants' view of the ledger journal (with the
 * merchant's and operator's names filled in) and the per-merchant timeouts.
 */
import { fundLog, merchantTimeoutConfigPage } from '@payops/contracts';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Row, registerCrud } from '../../platform/crud/index.ts';
import { ledgerPostings } from '../../platform/ledger/index.ts';
import { operators } from '../sys/schema.ts';
import { adjustmentParties } from './adjust.service.ts';
import { merchants } from './schema.ts';

export async function operatorNames(fastify: FastifyInstance, rows: Row[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.map((r) => r.operatorId).filter((v): v is number => typeof v === 'number'))];
  if (ids.length === 0) return new Map();
  const ops = await fastify.ctx.db
    .select({ id: operators.id, username: operators.username })
    .from(operators)
    .where(inArray(operators.id, ids));
  return new Map(ops.map((o) => [o.id, o.username]));
}

export async function fundLogRoutes(fastify: FastifyInstance) {
  const { db } = fastify.ctx;
  registerCrud(fastify, fundLog, {
    table: ledgerPostings,
    scope: { ownerType: 'merchant' },
    enrich: async (rows) => {
      const full = await db
        .select({
          id: ledgerPostings.id,
          ownerId: ledgerPostings.ownerId,
          operatorId: ledgerPostings.operatorId,
        })
        .from(ledgerPostings)
        .where(
          inArray(
            ledgerPostings.id,
            rows.map((r) => Number(r.id)),
          ),
        );
      const byId = new Map(full.map((f) => [f.id, f]));
      const mIds = [...new Set(full.map((f) => f.ownerId))];
      const ms = mIds.length
        ? await db
            .select({ id: merchants.id, name: merchants.name })
            .from(merchants)
            .where(inArray(merchants.id, mIds))
        : [];
      const names = new Map(ms.map((m) => [m.id, m.name]));
      const ops = await operatorNames(fastify, full);
      const parties = await adjustmentParties(
        db,
        rows.map((r) => String(r.refId ?? '')),
      );
      return rows.map((r) => {
        const f = byId.get(Number(r.id));
        const p = parties.get(String(r.refId ?? ''));
        return {
          ...r,
          merchantName: f ? (names.get(f.ownerId) ?? '') : '',
          operatorName: f?.operatorId ? (ops.get(f.operatorId) ?? '') : '',
          requesterName: p?.requester ?? '',
          approverName: p?.approver ?? '',
        };
      });
    },
  });
  registerCrud(fastify, merchantTimeoutConfigPage, { table: merchants });
}
