/**
 * The generic routes of every report definition (issue 14): `POST <api>/query` (rows, totals, the
 * range as instants; behind the page permission) and `POST <api>/export` (.xlsx with the totals row,
 * numbers as numbers; behind `<page>.export`, audited). The feed runs first (maintain.ts), so a page
 * shows the last committed change.
 */
import {
  type FieldDef,
  type Locale,
  REPORT_NONE_KEY,
  REPORT_TOTAL_KEY,
  type ReportDef,
  type ReportDimension,
  type ReportQuery,
  type ReportRow,
  type ResourceDef,
  refLabelKey,
  reportQuerySchema,
} from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPORT_CONTENT_TYPE, exportStream } from '../../platform/crud/export.ts';
import { withRefLabels } from '../../platform/crud/refs.ts';
import { localeOf, ok } from '../../platform/errors.ts';
import { plainSerializerCompiler } from '../../platform/fast-serializer.ts';
import { envelope, pagerSchema } from '../../platform/route-schemas.ts';
import { drainChanges } from './maintain.ts';
import { checkQuery, localToday } from './report-check.ts';
import { checkDefinition, readReport } from './report-query.ts';

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

/** The export's columns: the dimensions as the text the screen shows (labels, not ids). */
function exportDef(def: ReportDef): ResourceDef {
  const fields = { ...(def.table.fields as Record<string, FieldDef>) };
  for (const d of Object.keys(def.dimensions)) fields[d] = { ...fields[d]!, type: 'string', options: [] };
  return { ...def.table, fields };
}

/** What a rollup's REPORT_NONE_KEY (an order without a passage or third party) is called. */
const NONE: Record<Locale, string> = { 'zh-CN': '无', 'en-US': 'None' };

/** Rows of a ref dimension's "none" key get that word as their label (the table, chart and export show it). */
function labelNone(def: ReportDef, rows: ReportRow[], locale: Locale): ReportRow[] {
  const refs = Object.values(def.dimensions).filter((d) => d.type === 'ref');
  for (const row of rows) {
    for (const d of refs) {
      if (Number(row[d.name]) === REPORT_NONE_KEY && row[refLabelKey(d.name)] == null)
        row[refLabelKey(d.name)] = NONE[locale];
    }
  }
  return rows;
}

function dimensionText(def: ReportDef, d: ReportDimension, row: ReportRow, locale: Locale): unknown {
  const value = row[d.name];
  if (d.type === 'ref') return row[refLabelKey(d.name)] ?? value;
  if (d.type === 'enum') {
    const option = (def.table.fields[d.name] as FieldDef).options.find((o) => o.value === value);
    return option ? (def.labels[locale][option.label] ?? value) : value;
  }
  return value;
}

export function registerReport(fastify: FastifyInstance, def: ReportDef) {
  checkDefinition(def);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { ctx } = fastify;
  const tz = ctx.config.timeZone;
  const tags = [def.group];
  const columns = exportDef(def);

  const read = async (
    request: { body: unknown; auth?: { unmasked?: boolean } },
    locale: Locale,
    all: boolean,
  ) => {
    const q = checkQuery(def, request.body as ReportQuery, locale, localToday(ctx.clock.now(), tz));
    await drainChanges(ctx.db, tz);
    const result = await readReport(ctx.db, def, q, tz, !all);
    const labelled = async (rows: ReportRow[]) =>
      labelNone(def, await withRefLabels(ctx.db, def.table, rows, request.auth?.unmasked ?? false), locale);
    // The chart's points are groups by its x, or the totals row (nothing to label) when not grouped by it.
    const byX = def.chart !== null && q.dimensions.includes(def.chart.x);
    const [rows, series] = await Promise.all([
      labelled(result.rows),
      byX ? labelled(result.series) : result.series,
    ]);
    return { ...result, rows, series, dimensions: q.dimensions };
  };

  app.post(
    `${def.api}/query`,
    {
      config: { access: { permission: def.permission }, audit: false },
      serializerCompiler: plainSerializerCompiler,
      schema: {
        tags,
        summary: `${def.name}: rows and totals`,
        body: reportQuerySchema,
        response: { 200: answer },
      },
    },
    async (request) => {
      const { dimensions: _d, ...result } = await read(request, localeOf(request), false);
      // Rows are the rollups' columns: text, numbers and nulls. Written unchecked (plainSerializerCompiler):
      // 500 rows through the schema's check cost more than the read.
      return ok(result as z.infer<typeof answer>['data']);
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
      const result = await read(request, locale, true);
      const dims = result.dimensions.map((d) => def.dimensions[d]!);
      const shown = result.rows.map((row) => {
        const out: ReportRow = { ...row };
        for (const d of dims) out[d.name] = dimensionText(def, d, row, locale);
        return out;
      });
      const totals: ReportRow = { ...result.totals };
      if (dims[0]) totals[dims[0].name] = def.labels[locale][REPORT_TOTAL_KEY];
      // Only the grouped dimensions are columns of this file.
      const fields = Object.fromEntries(
        Object.entries(columns.fields as Record<string, FieldDef>).filter(
          ([name]) => !(name in def.dimensions) || result.dimensions.includes(name),
        ),
      );
      request.auditNote = {
        objectType: def.name,
        extra: { export: 'xlsx', from: result.fromAt, to: result.toAt, rows: shown.length },
      };
      const stamp = ctx.clock.now().toISOString().slice(0, 10);
      return reply
        .type(EXPORT_CONTENT_TYPE.xlsx)
        .header('content-disposition', `attachment; filename="${def.name}-${stamp}.xlsx"`)
        .send(
          exportStream('xlsx', {
            def: { ...columns, fields },
            locale,
            timeZone: tz,
            batches: (async function* () {
              yield shown;
              yield [totals];
            })(),
          }),
        );
    },
  );
}
