/**
 * The generic routes of every report definition (issue 14): `POST <api>/query` (a page of rows, their
 * count, the totals, the chart's points, the range as instants; behind the page permission) and
 * `POST <api>/export` (.xlsx of every row with the totals row, numbers as numbers; behind
 * `<page>.export`, audited; report-export.ts). The feed runs first (maintain.ts), so a page shows the
 * last committed change.
 */
import {
  type Locale,
  type ReportDef,
  type ReportQuery,
  type ReportRow,
  reportQuerySchema,
} from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_CONTENT_TYPE, exportStream } from '../../platform/crud/export.ts';
import { localeOf, ok } from '../../platform/errors.ts';
import { plainSerializerCompiler } from '../../platform/fast-serializer.ts';
import { envelope, pagerSchema } from '../../platform/route-schemas.ts';
import { drainChanges } from './maintain.ts';
import { checkQuery, localToday } from './report-check.ts';
import { exportColumns, reportExport } from './report-export.ts';
import { withLabels } from './report-labels.ts';
import { checkDefinition } from './report-query.ts';
import { readReport } from './report-read.ts';

/** A report cell: a day or a label (text), a count, an amount (decimal text), a ratio, or nothing. */
const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const row = z.record(z.string(), cell);
const answer = envelope(
  z.object({
    rows: z.array(row),
    pager: pagerSchema,
    totals: row,
    series: z.array(row),
    peaks: row,
    from: z.string(),
    to: z.string(),
    fromAt: z.string(),
    toAt: z.string(),
  }),
);

export function registerReport(fastify: FastifyInstance, def: ReportDef) {
  checkDefinition(def);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  const tz = ctx.config.timeZone;
  const tags = [def.group];

  const check = (body: unknown, locale: Locale) =>
    checkQuery(def, body as ReportQuery, locale, localToday(ctx.clock.now(), tz));

  app.post(
    `${def.api}/query`,
    {
      config: { access: { permission: def.permission }, audit: false },
      serializerCompiler: plainSerializerCompiler,
      schema: {
        tags,
        summary: `${def.name}: a page of rows, their count, the totals, the chart's points`,
        body: reportQuerySchema,
        response: { 200: answer },
      },
    },
    async (request) => {
      const locale = localeOf(request);
      const q = check(request.body, locale);
      await drainChanges(ctx.db, tz);
      const result = await readReport(ctx.db, def, q, tz);
      const labelled = (rows: ReportRow[]) =>
        withLabels(ctx.db, def, rows, locale, request.auth?.unmasked ?? false);
      // The chart's points are groups by its x, or the totals row (nothing to label) when not grouped by it.
      const byX = def.chart !== null && q.dimensions.includes(def.chart.x);
      const [rows, series] = await Promise.all([
        labelled(result.rows),
        byX ? labelled(result.series) : result.series,
      ]);
      // Rows are the rollups' columns: text, numbers and nulls. Written unchecked (plainSerializerCompiler):
      // 500 rows through the schema's check cost more than the read.
      return ok({ ...result, rows, series } as z.infer<typeof answer>['data']);
    },
  );

  app.post(
    `${def.api}/export`,
    {
      // A POST that reads; audited: an export takes data out of the console.
      config: { access: { permission: def.exportPermission }, audit: true },
      schema: { tags, summary: `${def.name}: export (.xlsx with the totals row)`, body: reportQuerySchema },
    },
    async (request, reply) => {
      const locale = localeOf(request);
      const q = check(request.body, locale);
      await drainChanges(ctx.db, tz);
      const { rows, batches } = await reportExport(ctx, def, q, locale, request.auth?.unmasked ?? false);
      request.auditNote = { objectType: def.name, extra: { export: 'xlsx', from: q.from, to: q.to, rows } };
      const stamp = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type(EXPORT_CONTENT_TYPE.xlsx)
        .header('content-disposition', `attachment; filename="${def.name}-${stamp}.xlsx"`)
        .send(
          exportStream('xlsx', {
            def: exportColumns(def, q.dimensions),
            locale,
            timeZone: tz,
            batches,
          }),
        );
    },
  );
}
