/**
 * Export: the server streams the whole filtered list as CSV or .xlsx, masked as the operator sees it
 * (contracts' exportBodySchema). The request goes through api(), so a refusal or a 17017 (an export of
 * unmasked data takes a fresh code) is handled like any other request; the body is then read as a
 * stream, with a progress indicator for large files, and saved with a link click.
 */

import type { ResourceDef } from '@payops/contracts/resource';
import type { ExportFormat } from '@payops/contracts/resource-schemas';
import { api } from '../lib/api.ts';
import { formatDateTime } from '../lib/datetime.ts';
import { i18n } from '../lib/i18n.ts';
import { toast } from '../lib/toast.ts';
import { type ExportProgress, watchExport } from './export-progress.tsx';
import type { Filters, SortState } from './types.ts';

/** The server's count of rows in the export (platform/crud/export-access.ts). */
const ROWS_HEADER = 'x-export-rows';
const NEWLINE = 10;

export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function countNewlines(chunk: Uint8Array): number {
  let n = 0;
  for (const byte of chunk) if (byte === NEWLINE) n++;
  return n;
}

/** Reads the body to the end, reporting bytes and (CSV) rows after each chunk. */
async function readBody(
  response: Response,
  format: ExportFormat,
  onProgress: (p: ExportProgress) => void,
): Promise<Blob> {
  const header = response.headers.get(ROWS_HEADER);
  const total = header === null ? null : Number(header);
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  let lines = 0;
  const reader = (response.body as ReadableStream<Uint8Array<ArrayBuffer>>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    if (format === 'csv') lines += countNewlines(value);
    // The CSV's first line is its header; a quoted cell may hold a line break, so rows never pass the total.
    const rows =
      format === 'csv' ? Math.min(Math.max(lines - 1, 0), total ?? Number.POSITIVE_INFINITY) : null;
    onProgress({ bytes, rows, total });
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

export async function exportList(
  def: ResourceDef,
  format: ExportFormat,
  filters: Filters,
  sort: SortState | undefined,
): Promise<string> {
  const action = def.actions.export;
  if (!action) throw new Error(`${def.name} has no export action`);
  const response = await api<Response>(action.path, {
    method: 'POST',
    body: { format, filters, ...(sort ? { sort } : {}) },
    responseType: 'stream',
  });
  const progress = watchExport();
  try {
    const blob = await readBody(response, format, progress.update).catch((error: unknown) => {
      // api() has answered already: a stream cut halfway is ours to report. No partial file is saved.
      toast.error(i18n.t('engine.exportBroken'));
      throw error;
    });
    const fileName = `${def.name}-${formatDateTime(new Date()).slice(0, 10)}.${format}`;
    saveBlob(blob, fileName);
    return fileName;
  } finally {
    progress.end();
  }
}
