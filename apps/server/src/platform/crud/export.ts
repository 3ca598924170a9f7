/**
 * Exports of a resource list as CSV or .xlsx, streamed batch by batch so a large export never sits
 * in memory. Values are the ones the caller sees (masked unless unmasked), written as finance reads
 * them (export-cells.ts): CSV with a byte-order mark for Excel, .xlsx with typed cells (numbers as
 * numbers with a money format, times as dates). Every text cell that a spreadsheet would read as a
 * formula is neutralised (ASVS 1.2.10).
 */
import { PassThrough, Readable } from 'node:stream';
import { DECIMAL_PATTERN, type ExportFormat, type Locale, type ResourceDef } from '@payops/contracts';
import { listedFields } from '@payops/contracts/scope';
import type ExcelJS from 'exceljs';
import {
  type Cell,
  type CellContext,
  cellText,
  columnTitle,
  toCell,
  type WallClock,
  wallClockIn,
} from './export-cells.ts';
import type { Row } from './query.ts';

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A leading apostrophe makes a spreadsheet show the cell as text. Plain decimal numbers ("-12.50")
 * cannot be formulas and keep their form.
 */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) && !DECIMAL_PATTERN.test(text) ? `'${text}` : text;
}

export interface ExportSource {
  def: ResourceDef;
  locale: Locale;
  /** The platform's IANA zone: times are written as its clocks read them. */
  timeZone: string;
  batches: AsyncIterable<Row[]>;
}

export function exportStream(format: ExportFormat, source: ExportSource): Readable {
  return format === 'csv' ? csvStream(source) : xlsxStream(source);
}

function prepare(source: ExportSource) {
  const ctx: CellContext = {
    def: source.def,
    locale: source.locale,
    wallClock: wallClockIn(source.timeZone),
  };
  // The list's columns: what the operator saw is what the file holds.
  const columns = listedFields(source.def);
  return {
    header: columns.map((f) => neutralise(columnTitle(ctx, f, source.timeZone))),
    cells: (row: Row) => columns.map((f) => toCell(ctx, f, row)),
  };
}

function csvLine(values: string[]): string {
  return `${values.map((v) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(',')}\r\n`;
}

const csvValue = (cell: Cell) => (cell.kind === 'text' ? neutralise(cell.text) : cellText(cell));

function csvStream(source: ExportSource): Readable {
  const { header, cells } = prepare(source);
  return Readable.from(
    (async function* () {
      // The byte-order mark makes spreadsheet programs read the file as UTF-8 (Chinese labels).
      yield `\ufeff${csvLine(header)}`;
      for await (const batch of source.batches)
        yield batch.map((row) => csvLine(cells(row).map(csvValue))).join('');
    })(),
  );
}

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const PERCENT_FORMAT = '0.00##%';

/** Excel's number format for an amount of `scale` decimals (2 for CNY: #,##0.00). */
function moneyFormat(scale: number): string {
  return scale > 0 ? `#,##0.${'0'.repeat(scale)}` : '#,##0';
}

/**
 * A spreadsheet date has no zone: the wall-clock reading is written as is (exceljs writes a Date by
 * its UTC fields), so the cell shows the platform's time the header names.
 */
function excelDate(w: WallClock): Date {
  return new Date(Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second));
}

/** The value and number format of an .xlsx cell. Numbers leave their decimal text only here. */
function xlsxCell(cell: Cell): { value: ExcelJS.CellValue; numFmt?: string } {
  switch (cell.kind) {
    case 'blank':
      return { value: null };
    case 'text':
      return { value: neutralise(cell.text) };
    case 'number':
      // A spreadsheet holds numbers as doubles; the text was cut to its scale first, so the double
      // is the nearest one to the exact amount and shows as it.
      return { value: Number(cell.value), numFmt: cell.scale === null ? undefined : moneyFormat(cell.scale) };
    case 'percent':
      return { value: Number(cell.value), numFmt: PERCENT_FORMAT };
    case 'time':
      return { value: excelDate(cell.wall), numFmt: TIME_FORMAT };
  }
}

/** Rows a worksheet holds, its header row included (the .xlsx format's limit); tests lower it. */
export const xlsxLimits = { sheetRows: 1_048_576 };
/** A worksheet's name is at most 31 characters (longer, a spreadsheet program repairs the file). */
const SHEET_NAME_MAX = 31;

export function sheetName(name: string, n: number): string {
  const suffix = n === 1 ? '' : ` (${n})`;
  return `${name.slice(0, SHEET_NAME_MAX - suffix.length)}${suffix}`;
}

/**
 * The .xlsx file: typed cells, one worksheet after another when the rows pass a sheet's limit (a
 * spreadsheet program refuses a sheet beyond it), each with its header row, named `name`, `name (2)`...
 * (cut to a sheet name's length)
 */
function xlsxStream(source: ExportSource): Readable {
  const { header, cells } = prepare(source);
  const out = new PassThrough();
  const width = header.map((title) => ({ width: Math.min(Math.max(title.length * 2, 12), 40) }));
  void (async () => {
    // Loaded with the first .xlsx file, not with the server: the module takes 0.6 s to load.
    const { default: excel } = await import('exceljs');
    const workbook = new excel.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
    });
    let sheets = 0;
    const addSheet = () => {
      sheets += 1;
      const sheet = workbook.addWorksheet(sheetName(source.def.name, sheets));
      sheet.columns = width;
      const head = sheet.addRow(header);
      head.font = { bold: true };
      head.commit();
      return sheet;
    };
    // One style object per number format, shared by its cells: exceljs identifies a style it has
    // seen by the object, and renders every other cell's style to XML to look it up (a member
    // report's 1.4M cells: 40% of the export's time).
    const styles = new Map<string, Partial<ExcelJS.Style>>();
    const styleOf = (numFmt = '') => {
      const style = styles.get(numFmt) ?? (numFmt ? { numFmt } : {});
      styles.set(numFmt, style);
      return style;
    };
    let sheet = addSheet();
    let used = 1;
    for await (const batch of source.batches) {
      for (const row of batch) {
        if (used === xlsxLimits.sheetRows) {
          sheet.commit();
          sheet = addSheet();
          used = 1;
        }
        const typed = cells(row).map(xlsxCell);
        const line = sheet.addRow(typed.map((c) => c.value));
        typed.forEach((c, i) => {
          line.getCell(i + 1).style = styleOf(c.numFmt);
        });
        line.commit();
        used += 1;
      }
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
