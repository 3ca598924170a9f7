/**
 * The CRUD registrar: a resource definition and its table become validated routes (findByPage,
 * getById, add, edit, removeByIds, export), each behind its action's permission, with masking and
 * audit notes applied here once. Nothing resource-specific lives in this file: modules pass hooks.
 */
import {
  addBodySchema,
  ErrorCode,
  type ExportBody,
  editBodySchema,
  exportBodySchema,
  type FieldDef,
  type FindByPageBody,
  findByPageBodySchema,
  getByIdQuerySchema,
  type ResourceDef,
  removeBodySchema,
  rowSchema,
  type StandardAction,
} from '@payops/contracts';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settlePendingAuth } from '../admission.ts';
import { carriedSession } from '../carried-auth.ts';
import { AppError, localeOf, ok } from '../errors.ts';
import { fastSerializerCompiler } from '../fast-serializer.ts';
import { sha256 } from '../hashing.ts';
import { hasMasks, maskedFilter, maskKinds, maskRow, refuseMaskedFilters, rowMaskKinds } from '../masking.ts';
import { actionNotice, envelope } from '../route-schemas.ts';
import { type HistoryAlso, registerAuditTimeline } from './audit-timeline.ts';
import { refuseUnknownChoices, withChoiceLabels } from './choices.ts';
import { EXPORT_CONTENT_TYPE, exportStream } from './export.ts';
import { admitExport, EXPORT_ROWS_HEADER } from './export-access.ts';
import { snapshotBatches } from './export-source.ts';
import { effectiveSort } from './keyset.ts';
import { listPage } from './list-page.ts';
import { registerOptions } from './options.ts';
import {
  type BoundResource,
  bindResource,
  type Condition,
  RESTRICT,
  type Restriction,
  type Row,
  selectByKeys,
  whereOf,
} from './query.ts';
import { bindForRefs, refFields, withRefLabels } from './refs.ts';
import { auditView, insertRow, removeRows, updateRow, type WriteHooks } from './writes.ts';

export interface CrudOptions extends WriteHooks {
  table: PgTable;
  /**
   * Values every query filters on and every insert carries (several resources over one table), added
   * to the definition's own (a view's `scope`, which its page reads too): what only the server can
   * say (StartsWith, NOT_NULL) or what the page need not know.
   */
  scope?: Row;
  /** Standard actions the module serves itself, at the same path and permission. */
  own?: readonly StandardAction[];
  /**
   * Virtual fields as SQL over the table's columns, read in the same statement as the rows (a list
   * page is one statement, not a page and a look-up per page).
   */
  computed?: Record<string, SQL>;
  /** The filters of virtual fields (query.ts Condition): what a virtual field's filter value selects. */
  conditions?: Record<string, Condition>;
  /** Rows of another record's history that the record's history shows too (audit-timeline.ts). */
  historyAlso?: HistoryAlso;
  /** Fills the definition's virtual fields of a batch of rows (what SQL cannot compute). */
  enrich?: (rows: Row[]) => Promise<Row[]>;
  /**
   * Rows this request may see (list, export, getById), whatever it filters: column -> allowed
   * values, or null for all (e.g. an operator's assigned mailboxes; query.ts RESTRICT).
   */
  restrict?: (request: FastifyRequest) => Promise<Restriction | null>;
}

const pager = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number().nullable(),
  totalCapped: z.boolean(),
  nextCursor: z.string().nullable(),
});
/** An export's answer: a file streamed as bytes (never serialised), described as binary content. */
const fileBody = z.custom<unknown>(() => true).meta({ type: 'string', format: 'binary' });
const exportAnswer = {
  200: {
    description: 'The exported file',
    content: Object.fromEntries(
      Object.values(EXPORT_CONTENT_TYPE).map((type) => [type, { schema: fileBody }]),
    ),
  },
};

/** List and export calls per operator (a second brake on guessing, after refuseMaskedFilters). */
function listRateLimit(perMinute: number) {
  if (!perMinute) return {};
  return {
    rateLimit: {
      max: perMinute,
      timeWindow: '1 minute',
      // A list's session is checked with its page (carried-auth.ts), after this hook: its calls are
      // counted per session token (hashed), which only a sign-in with a code makes.
      keyGenerator: (request: FastifyRequest) => {
        if (request.auth) return `op:${request.auth.operatorId}`;
        const token = request.headers.access_token;
        return typeof token === 'string' && token ? `session:${sha256(token)}` : `ip:${request.ip}`;
      },
    },
  };
}

/**
 * Rows as the caller may see them: ref labels and virtual fields filled, personal data masked unless
 * unmasked.
 */
export function presenter(r: BoundResource, enrich?: CrudOptions['enrich']) {
  const kindsOf = rowMaskKinds(r.def, maskKinds(r.def));
  const masked = hasMasks(r.def);
  const plain = refFields(r.def).length === 0 && !enrich;
  return async (request: FastifyRequest, rows: Row[]): Promise<Row[]> => {
    const unmasked = request.auth?.unmasked ?? false;
    // Nothing to read elsewhere: the rows as read (each row is a fresh object), masked.
    if (plain) return masked ? rows.map((row) => maskRow(row, kindsOf(row), unmasked)) : rows;
    // Both read other tables by the page's ids: sent together, one round trip.
    const [labelled, full] = await Promise.all([
      withRefLabels(request.server.ctx.db, r.def, rows, unmasked),
      enrich && rows.length ? enrich(rows) : rows,
    ]);
    return full.map((row, i) => maskRow({ ...labelled[i], ...row }, kindsOf(row), unmasked));
  };
}

export function registerCrud(
  fastify: FastifyInstance,
  def: ResourceDef,
  options: CrudOptions,
): BoundResource {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.ctx;
  const r = bindResource(def, options.table, options.scope, options.computed, options.conditions);
  // A virtual field's filter is its module's condition: without one it would be ignored, silently.
  for (const f of Object.values(def.fields as Record<string, FieldDef>)) {
    if (f.virtual && f.filter && !r.conditions[f.name])
      throw new Error(`Resource ${def.name}: the filter of virtual field ${f.name} has no condition`);
  }
  bindForRefs(r);
  const present = presenter(r, options.enrich);
  const served = (a: StandardAction) => def.actions[a] && !options.own?.includes(a);
  const access = (a: string) => ({ permission: def.actions[a]!.permission });
  const tags = [def.group];
  const rowAnswer = rowSchema(def);
  const limited = listRateLimit(fastify.ctx.config.listRatePerMinute);
  /** The request's filters with the server's restriction (if any) added. */
  const restricted = async (request: FastifyRequest, filters: Row = {}): Promise<Row> => {
    const restriction = await options.restrict?.(request);
    return restriction ? { ...filters, [RESTRICT]: restriction } : filters;
  };

  if (served('list')) {
    app.post(
      def.actions.list!.path,
      {
        config: { access: access('list'), audit: false, carriesAuth: true, ...limited },
        serializerCompiler: fastSerializerCompiler,
        schema: {
          tags,
          summary: `${def.name}: a page of the list`,
          body: findByPageBodySchema(def),
          response: { 200: envelope(z.object({ list: z.array(rowAnswer), pager })) },
        },
      },
      async (request) => {
        const body = request.body as FindByPageBody;
        // The page's statement carries the session check (carried-auth.ts) unless the caller must be
        // known first: a restricted resource's rows, or a filter on masked data.
        const carried =
          request.pendingAuth !== undefined && !options.restrict && !maskedFilter(def, body.filters);
        const session = carried ? carriedSession(fastify.ctx, request) : undefined;
        if (!session) await settlePendingAuth(fastify.ctx, request);
        refuseMaskedFilters(def, body.filters, request.auth?.unmasked ?? false, localeOf(request));
        await refuseUnknownChoices(db, def, body.filters, localeOf(request));
        const filters = await restricted(request, body.filters);
        const { rows, pager } = await listPage(
          db,
          fastify.ctx.keys.secretKey,
          r,
          { ...body, filters },
          localeOf(request),
          session,
        );
        return ok({ list: await present(request, rows), pager });
      },
    );
    app.get(
      `${def.api}/getById`,
      {
        config: { access: access('list') },
        schema: {
          tags,
          summary: `${def.name}: one row`,
          querystring: getByIdQuerySchema(def),
          response: { 200: envelope(rowAnswer) },
        },
      },
      async (request) => {
        const [row] = await selectByKeys(db, r, [(request.query as { id: unknown }).id]);
        const restriction = options.restrict ? await options.restrict(request) : null;
        const hidden = restriction && Object.entries(restriction).some(([k, vs]) => !vs.includes(row?.[k]));
        if (!row || hidden) throw new AppError(ErrorCode.notFound);
        const [shown] = await present(request, [row]);
        return ok(shown!);
      },
    );
  }

  if (def.actions.list) {
    registerOptions(fastify, r, { restricted, limited });
    registerAuditTimeline(fastify, r, options.historyAlso);
  }

  if (served('add')) {
    app.post(
      def.actions.add!.path,
      {
        config: { access: access('add') },
        schema: {
          tags,
          summary: `${def.name}: add`,
          body: addBodySchema(def),
          response: { 200: envelope(rowAnswer) },
        },
      },
      async (request) => {
        const row = await insertRow(db, r, request.body as Row, request, options);
        request.auditNote = {
          objectType: def.name,
          objectId: String(row[def.key]),
          after: auditView(r, row),
        };
        const [shown] = await present(request, [row]);
        return ok(shown!);
      },
    );
  }

  if (served('edit')) {
    app.post(
      def.actions.edit!.path,
      {
        config: { access: access('edit') },
        schema: {
          tags,
          summary: `${def.name}: edit`,
          body: editBodySchema(def),
          response: {
            200: envelope(
              rowAnswer.extend({ pendingChangeId: z.number().optional(), notice: actionNotice.optional() }),
            ),
          },
        },
      },
      async (request) => {
        const body = request.body as Row;
        request.auditNote = { objectType: def.name, objectId: String(body[def.key]) };
        const { before, after, held } = await updateRow(db, r, body, request, options);
        request.auditNote = {
          ...request.auditNote,
          before: auditView(r, before),
          after: auditView(r, after),
          ...(held ? { extra: { pendingChangeId: held.pendingChangeId } } : {}),
        };
        const [shown] = await present(request, [after]);
        return ok({ ...shown!, ...held });
      },
    );
  }

  if (served('remove')) {
    app.post(
      def.actions.remove!.path,
      {
        config: { access: access('remove') },
        schema: {
          tags,
          summary: `${def.name}: remove rows`,
          body: removeBodySchema(def),
          response: { 200: envelope(z.object({ removed: z.number() })) },
        },
      },
      async (request) => {
        const { ids } = request.body as { ids: unknown[] };
        request.auditNote = { objectType: def.name, objectId: ids.join(',') };
        const rows = await removeRows(db, r, ids, request, options);
        request.auditNote = { ...request.auditNote, before: rows.map((row) => auditView(r, row)) };
        return ok({ removed: rows.length });
      },
    );
  }

  if (served('export')) {
    app.post(
      def.actions.export!.path,
      // A POST that reads; audited on purpose: an export takes data out of the console.
      {
        config: { access: access('export'), audit: true, ...limited },
        schema: {
          tags,
          summary: `${def.name}: export (CSV or .xlsx)`,
          body: exportBodySchema(def),
          response: exportAnswer,
        },
      },
      async (request, reply) => {
        const body = request.body as ExportBody;
        refuseMaskedFilters(def, body.filters, request.auth?.unmasked ?? false, localeOf(request));
        await refuseUnknownChoices(db, def, body.filters, localeOf(request));
        // For data in clear, a fresh code is asked before anything is read.
        const note = await admitExport(fastify.ctx, request, r);
        const { rows, batches } = await snapshotBatches(
          fastify.ctx.pool,
          r,
          whereOf(r, await restricted(request, body.filters)),
          effectiveSort(r, body.sort),
          async (page) => withChoiceLabels(db, def, await present(request, page)),
        );
        note.rows = rows;
        const stamp = fastify.ctx.clock.now().toISOString().slice(0, 10);
        return reply
          .type(EXPORT_CONTENT_TYPE[body.format])
          .header('content-disposition', `attachment; filename="${def.name}-${stamp}.${body.format}"`)
          .header(EXPORT_ROWS_HEADER, String(rows))
          .send(
            exportStream(body.format, {
              def,
              locale: localeOf(request),
              batches,
              timeZone: fastify.ctx.config.timeZone,
            }),
          );
      },
    );
  }

  return r;
}
