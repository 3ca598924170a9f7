/**
 * Exports of a resource list as CSV or .xlsx, streamed batch by batch so a large export never sits
 * in memory. Values are the ones the caller sees (masked), and every text cell that a spreadsheet
 * would read as a formula is neutralised (ASVS 1.2.10).
 */
import { PassThrough, Readable } from 'node:stream';
import {
  DECIMAL_PATTERN,
  type ExportFormat,
  type FieldDef,
  type Locale,
  type ResourceDef,
} from '@payops/contracts';
import ExcelJS from 'exceljs';
import type { Row } from './query.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A leading apostrophe makes a spreadsheet show the cell as text. Plain decimal numbers ("-12.50")
 * cannot be formulas and keep their form.
 */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) && !DECIMAL_PATTERN.test(text) ? `'${text}` : text;
}

const yesNo: Record<Locale, [string, string]> = { 'zh-CN': ['是', '否'], 'en-US': ['Yes', 'No'] };

function cellText(def: ResourceDef, field: FieldDef, value: unknown, locale: Locale): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return yesNo[locale][value ? 0 : 1];
  if (field.type === 'enum') {
    const option = field.options.find((o) => o.value === value);
    return option ? (def.labels[locale][option.label] ?? String(value)) : String(value);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function exportColumns(def: ResourceDef): FieldDef[] {
  return Object.values(def.fields as Record<string, FieldDef>).filter((f) => f.list);
}

function header(def: ResourceDef, columns: FieldDef[], locale: Locale): string[] {
  return columns.map((f) => neutralise(def.labels[locale][f.label] ?? f.name));
}

function cells(def: ResourceDef, columns: FieldDef[], row: Row, locale: Locale): string[] {
  return columns.map((f) => neutralise(cellText(def, f, row[f.name], locale)));
}

function csvLine(values: string[]): string {
  return `${values.map((v) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(',')}\r\n`;
}

export interface ExportSource {
  def: ResourceDef;
  locale: Locale;
  batches: AsyncIterable<Row[]>;
}

export function exportStream(format: ExportFormat, source: ExportSource): Readable {
  return format === 'csv' ? csvStream(source) : xlsxStream(source);
}

function csvStream({ def, locale, batches }: ExportSource): Readable {
  const columns = exportColumns(def);
  return Readable.from(
    (async function* () {
      // The byte-order mark makes spreadsheet programs read the file as UTF-8 (Chinese labels).
      yield `\ufeff${csvLine(header(def, columns, locale))}`;
      for await (const batch of batches)
        yield batch.map((row) => csvLine(cells(def, columns, row, locale))).join('');
    })(),
  );
}

function xlsxStream({ def, locale, batches }: ExportSource): Readable {
  const columns = exportColumns(def);
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(def.name);
  void (async () => {
    sheet.addRow(header(def, columns, locale)).commit();
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(cells(def, columns, row, locale)).commit();
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

export const EXPORT_CONTENT_TYPE: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
