/**
 * `GET <api>/audit?id=` of every listed resource: the operation-log rows of one record, newest first,
 * paged (audit rows name `objectType` = the definition's name, or a view's base's, and `objectId` =
 * the row's key). Behind
 * the resource's list permission AND the operation log's, since it shows who did what. Personal data
 * in before/after is masked as in lists, unless the session unmasked.
 */
import {
  type AuditEntry,
  type AuditQuery,
  auditPath,
  auditQuerySchema,
  ErrorCode,
  type FieldDef,
  type MaskKind,
  opearlog,
} from '@payops/contracts';
import { and, count, desc, eq, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operationLog } from '../../modules/sys/schema.ts';
import { AppError, ok } from '../errors.ts';
import { maskRow } from '../masking.ts';
import { heldPermission } from '../permissions.ts';
import { envelope, pagerSchema } from '../route-schemas.ts';
import type { BoundResource, Row } from './query.ts';

/** Seeing a record's history is seeing the operation log. */
export const OPERATION_LOG_PERMISSION = opearlog.actions.list!.permission;

const change = z.union([z.record(z.string(), z.json()), z.array(z.json()), z.string(), z.null()]);
const auditAnswerSchema = z.object({
  list: z.array(
    z.object({
      id: z.number(),
      at: z.string(),
      operatorName: z.string(),
      action: z.string(),
      result: z.enum(['success', 'failure']),
      code: z.number(),
      before: change,
      after: change,
      extra: z.record(z.string(), z.json()).nullable(),
    }),
  ),
  pager: pagerSchema,
});

/** Masks personal fields of a before/after value (an object, or a list of them for removals). */
function maskChange(value: unknown, kinds: Record<string, MaskKind>, unmasked: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => maskChange(v, kinds, unmasked));
  if (value && typeof value === 'object') return maskRow(value as Row, kinds, unmasked);
  return value ?? null;
}

/**
 * Rows of another record's history that belong to this record's too: an action audited on `objectType`
 * (the record whose key is this record's `via` column) naming this record in its extra `extraKey`
 * (a balance adjustment's request is audited on its merchant, with `adjustmentId`).
 */
export interface HistoryAlso {
  objectType: string;
  via: string;
  extraKey: string;
}

export function registerAuditTimeline(fastify: FastifyInstance, r: BoundResource, also?: HistoryAlso) {
  const { def } = r;
  const list = def.actions.list;
  if (!list) return;
  const kinds: Record<string, MaskKind> = {};
  for (const f of Object.values(def.fields as Record<string, FieldDef>)) if (f.mask) kinds[f.name] = f.mask;
  const { ctx } = fastify;
  if (also && !r.tableColumns[also.via])
    throw new Error(`Resource ${def.name}: historyAlso.via ${also.via} is not a column of its table`);
  /** The other record's rows naming this one (through that record's own index, then its extra). */
  const alsoWhere = async (a: HistoryAlso, id: unknown) => {
    const [row] = await ctx.db
      .select({ via: r.tableColumns[a.via]! })
      .from(r.table)
      .where(eq(r.columns[def.key]!, id));
    if (!row) return undefined;
    return and(
      eq(operationLog.objectType, a.objectType),
      eq(operationLog.objectId, String(row.via)),
      sql`${operationLog.detail} ->> ${a.extraKey} = ${String(id)}`,
    );
  };

  fastify.withTypeProvider<ZodTypeProvider>().get(
    auditPath(def),
    {
      config: { access: { permission: list.permission } },
      schema: {
        tags: [def.group],
        summary: `${def.name}: the operation-log rows of one record, newest first`,
        querystring: auditQuerySchema(def),
        response: { 200: envelope(auditAnswerSchema) },
      },
    },
    async (request) => {
      if (!(await heldPermission(ctx, request.auth!.operatorId, OPERATION_LOG_PERMISSION)))
        throw new AppError(ErrorCode.forbidden);
      const q = request.query as AuditQuery;
      // A view's records are its base's: their rows name the base (resource.ts defineView).
      const objectType = def.viewOf ?? def.name;
      const own = and(eq(operationLog.objectType, objectType), eq(operationLog.objectId, String(q.id)));
      const where = also ? or(own, await alsoWhere(also, q.id)) : own;
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(operationLog)
          .where(where)
          .orderBy(desc(operationLog.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        ctx.db.select({ n: count() }).from(operationLog).where(where),
      ]);
      const unmasked = request.auth?.unmasked ?? false;
      const entries: AuditEntry[] = rows.map((row) => {
        const { before, after, ...extra } = (row.detail ?? {}) as Row;
        return {
          id: row.id,
          at: row.at.toISOString(),
          operatorName: row.operatorName,
          action: row.action,
          result: row.result,
          code: row.code,
          before: maskChange(before, kinds, unmasked),
          after: maskChange(after, kinds, unmasked),
          extra: Object.keys(extra).length ? extra : null,
        };
      });
      const n = total?.n ?? 0;
      return ok({
        // before/after are JSON read back from a jsonb column.
        list: entries as z.infer<typeof auditAnswerSchema>['list'],
        pager: { page: q.page, pageSize: q.pageSize, total: n, totalCapped: false },
      });
    },
  );
}
