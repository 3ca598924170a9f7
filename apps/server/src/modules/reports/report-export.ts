/**
 * A report's .xlsx export: every group, however many (a member report over a year has millions),
 * read from one snapshot through a server-side cursor a batch at a time, so the server holds one
 * batch, not the report. The rows are counted and the first batch read before anything is sent (a
 * query that fails answers an error, not an empty file); the totals row, from the same snapshot, ends
 * the file. Dimensions are written as the screen shows them (labels, words), only the grouped ones.
 */
import {
  type FieldDef,
  type Locale,
  REPORT_TOTAL_KEY,
  type ReportDef,
  type ReportRow,
  type ResourceDef,
} from '@payops/contracts';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { exportReading, openSnapshot, snapshotRest } from '../../platform/crud/export-source.ts';
import type { CheckedQuery } from './report-check.ts';
import { dimensionText, withLabels } from './report-labels.ts';
import { exportReads } from './report-query.ts';

/** The file's columns: the grouped dimensions as text, then the measures (the definition's table). */
export function exportColumns(def: ReportDef, dimensions: readonly string[]): ResourceDef {
  const fields: Record<string, FieldDef> = {};
  for (const [name, f] of Object.entries(def.table.fields as Record<string, FieldDef>)) {
    if (!(name in def.dimensions)) fields[name] = f;
    else if (dimensions.includes(name)) fields[name] = { ...f, type: 'string', options: [] };
  }
  return { ...def.table, fields };
}

export async function reportExport(
  ctx: AppContext,
  def: ReportDef,
  q: CheckedQuery,
  locale: Locale,
  unmasked: boolean,
): Promise<{ rows: number; batches: AsyncIterable<ReportRow[]> }> {
  const reads = exportReads(def, q);
  const dims = q.dimensions.map((d) => def.dimensions[d]!);
  const present = async (rows: ReportRow[]) => {
    const labelled = await withLabels(ctx.db, def, rows, locale, unmasked);
    for (const row of labelled) for (const d of dims) row[d.name] = dimensionText(def, d, row, locale);
    return labelled;
  };
  const batch = exportReading.batchRows;
  const { db, end } = await openSnapshot(ctx.pool);
  const fetch = async () =>
    (await db.execute<ReportRow>(sql`FETCH FORWARD ${sql.raw(String(batch))} FROM report_export`)).rows;
  let rows: number;
  let totals: ReportRow;
  let read: ReportRow[];
  let first: ReportRow[];
  try {
    totals = (await db.execute<ReportRow>(reads.totals)).rows[0] ?? {};
    if (dims[0]) totals[dims[0].name] = def.labels[locale][REPORT_TOTAL_KEY];
    // The rows are grouped once: moving to the cursor's end counts them (the audit row's count is
    // what the file holds), and it then reads from the start of what PostgreSQL kept.
    await db.execute(sql`DECLARE report_export SCROLL CURSOR FOR ${reads.rows}`);
    rows = (await db.execute(sql`MOVE FORWARD ALL FROM report_export`)).rowCount ?? 0;
    await db.execute(sql`MOVE ABSOLUTE 0 FROM report_export`);
    read = await fetch();
    first = await present(read);
  } catch (e) {
    await end(true);
    throw e;
  }
  let more = read.length === batch;
  let ended = false;
  const next = async (): Promise<ReportRow[] | null> => {
    if (more) {
      const rest = await fetch();
      more = rest.length === batch;
      return present(rest);
    }
    if (ended) return null;
    ended = true;
    return [totals];
  };
  return { rows, batches: snapshotRest(end, first, next) };
}
