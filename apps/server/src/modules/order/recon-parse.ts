/**
 * Reading an upstream statement file (CSV or xlsx) as records, streamed from disk: the header row,
 * then each data record with the line it starts on. CSV bytes must be UTF-8 (a BOM is allowed): each
 * physical line is decoded strictly, so GBK or Latin-1 bytes are refused naming their line. Quoted
 * fields may hold commas, doubled quotes and line breaks (RFC 4180). xlsx is read with exceljs's
 * streaming WorkbookReader (first worksheet), cells turned into their text.
 */
import { createReadStream } from 'node:fs';

export type StatementFormat = 'csv' | 'xlsx';

export interface RawRecord {
  line: number;
  cells: string[];
}

/** Why a file cannot be read, at which line (1 = the header). */
export class StatementReadError extends Error {
  constructor(
    readonly line: number,
    readonly reason: 'encoding' | 'quote' | 'xlsx',
  ) {
    super(`line ${line}: ${reason}`);
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The file's physical lines as bytes (LF-separated; a CR before it dropped): 0x0A never sits inside a UTF-8 or GBK character. */
async function* byteLines(path: string): AsyncGenerator<Buffer> {
  let rest: Buffer = Buffer.alloc(0);
  for await (const chunk of createReadStream(path, { highWaterMark: 256 * 1024 })) {
    let buf = rest.length ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
    let at = buf.indexOf(0x0a);
    while (at >= 0) {
      yield buf.subarray(0, at > 0 && buf[at - 1] === 0x0d ? at - 1 : at);
      buf = buf.subarray(at + 1);
      at = buf.indexOf(0x0a);
    }
    rest = Buffer.from(buf);
  }
  if (rest.length) yield rest.at(-1) === 0x0d ? rest.subarray(0, -1) : rest;
}

/** Splits one record's text into fields; `open` when a quoted field continues on the next line. */
function splitFields(text: string, cells: string[], carry: string | null): { open: string | null } {
  let field = carry ?? '';
  let quoted = carry !== null;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      cells.push(field);
      field = '';
    } else field += c;
    i++;
  }
  if (quoted) return { open: `${field}\n` };
  cells.push(field);
  return { open: null };
}

async function* csvRecords(path: string): AsyncGenerator<RawRecord> {
  let lineNo = 0;
  let cells: string[] = [];
  let open: string | null = null;
  let start = 0;
  for await (const bytes of byteLines(path)) {
    lineNo++;
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw new StatementReadError(lineNo, 'encoding');
    }
    if (lineNo === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (open === null) {
      start = lineNo;
      cells = [];
      if (text.trim() === '') continue;
    }
    open = splitFields(text, cells, open).open;
    if (open === null) yield { line: start, cells };
  }
  if (open !== null) throw new StatementReadError(start, 'quote');
}

function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as { text?: unknown; richText?: { text: string }[]; result?: unknown };
    if (o.richText) return o.richText.map((r) => r.text).join('');
    if (o.result !== undefined) return cellText(o.result);
    if (o.text !== undefined) return String(o.text);
    return '';
  }
  return String(v);
}

async function* xlsxRecords(path: string): AsyncGenerator<RawRecord> {
  // Loaded with the first statement read, not with the server (0.6 s).
  const { default: excel } = await import('exceljs');
  const reader = new excel.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
  });
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        // row.values is 1-based (index 0 empty).
        const values = (row.values as unknown[]).slice(1).map(cellText);
        if (values.every((v) => v.trim() === '')) continue;
        yield { line: row.number, cells: values };
      }
      return; // the first worksheet is the statement
    }
  } catch (e) {
    if (e instanceof StatementReadError) throw e;
    throw new StatementReadError(1, 'xlsx');
  }
}

export function readRecords(path: string, format: StatementFormat): AsyncGenerator<RawRecord> {
  return format === 'csv' ? csvRecords(path) : xlsxRecords(path);
}

/** A CSV field as written: quoted when it holds a comma, quote or line break. */
export function csvField(v: string): string {
  return /[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}
