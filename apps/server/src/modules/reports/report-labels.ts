/**
 * What a report's rows show for their keys: a ref dimension's label (one batched read per page or
 * export batch, refs.ts), the word for a rollup's "none" key, and a dimension's text in a file.
 */
import {
  type FieldDef,
  type Locale,
  REPORT_NONE_KEY,
  type ReportDef,
  type ReportDimension,
  type ReportRow,
  refLabelKey,
} from '@payops/contracts';
import type { Db } from '../../db/client.ts';
import { withRefLabels } from '../../platform/crud/refs.ts';

/** What a rollup's REPORT_NONE_KEY (an order without a passage or third party) is called. */
const NONE: Record<Locale, string> = { 'zh-CN': '无', 'en-US': 'None' };

/** Rows with their ref dimensions' labels; a "none" key gets that word (the table, chart and file show it). */
export async function withLabels(
  db: Db,
  def: ReportDef,
  rows: ReportRow[],
  locale: Locale,
  unmasked: boolean,
): Promise<ReportRow[]> {
  const labelled = await withRefLabels(db, def.table, rows, unmasked);
  const refs = Object.values(def.dimensions).filter((d) => d.type === 'ref');
  for (const row of labelled) {
    for (const d of refs) {
      if (Number(row[d.name]) === REPORT_NONE_KEY && row[refLabelKey(d.name)] == null)
        row[refLabelKey(d.name)] = NONE[locale];
    }
  }
  return labelled;
}

/** A dimension's cell in a file: a ref's label, an enum's word, else the value. */
export function dimensionText(def: ReportDef, d: ReportDimension, row: ReportRow, locale: Locale): unknown {
  const value = row[d.name];
  if (d.type === 'ref') return row[refLabelKey(d.name)] ?? value;
  if (d.type === 'enum') {
    const option = (def.table.fields[d.name] as FieldDef).options.find((o) => o.value === value);
    return option ? (def.labels[locale][option.label] ?? value) : value;
  }
  return value;
}
