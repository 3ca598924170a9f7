/**
 * The operation-log row of an API request, written either by the handler inside its business
 * transaction (`auditInTx`: the change and its row commit together, issue 18 section 2) or, for
 * everything else (refusals, failures, handlers that write no row themselves), by the guard's onSend
 * hook after the answer is known.
 */
import { ErrorCode } from '@payops/contracts';
import type { FastifyRequest } from 'fastify';
import { appendOperationLog, type OperationRow } from './audit.ts';
import type { AuditNote } from './context.ts';
import type { Tx } from './ledger/accounts.ts';
import { maskPersonal } from './masking.ts';
import { clientIp } from './request-info.ts';

export function operationRowOf(request: FastifyRequest, code: number, note?: AuditNote): OperationRow {
  const config = request.routeOptions.config;
  const access = config?.access ?? 'public';
  // The route's pattern; a request no route matched keeps its path without the query (no token in it).
  const path = request.routeOptions.url ?? request.url.split('?')[0] ?? '';
  return {
    at: request.server.ctx.clock.now(),
    operatorId: request.auth?.operatorId ?? null,
    operatorName: request.auth?.username ?? '-',
    // A permission names the action; a route open to every session or to anyone (a refused sign-in)
    // is named by its path, which the log's page reads as a name.
    action: config?.auditAs ?? (typeof access === 'string' ? path : access.permission),
    method: request.method,
    path,
    objectType: note?.objectType ?? null,
    objectId: note?.objectId === undefined ? null : String(note.objectId),
    result: code === ErrorCode.ok ? 'success' : 'failure',
    code,
    ip: clientIp(request),
    detail:
      note && (note.before !== undefined || note.after !== undefined || note.extra)
        ? // Personal fields are kept masked, as lists show them (issue 18 section 3).
          (maskPersonal({ before: note.before, after: note.after, ...note.extra }) as Record<string, unknown>)
        : null,
  };
}

/**
 * Writes the request's success row on the business transaction. Call it last in the transaction (the
 * shard lock is then held only until the commit). The guard writes no second row for a request that
 * succeeds after this; if the transaction rolls back, the request fails and the guard records that.
 */
export async function auditInTx(tx: Tx, request: FastifyRequest, note: AuditNote): Promise<void> {
  request.auditNote = note;
  await appendOperationLog(tx, operationRowOf(request, ErrorCode.ok, note));
  request.auditWritten = true;
}
