/**
 * Export: the server streams the whole filtered list as CSV or .xlsx, masked as the operator sees it
 * (contracts' exportBodySchema). The file comes back through api() as a blob, so a refusal or a 17017
 * is handled like any other request, and is saved with a link click.
 */

import type { ResourceDef } from '@payops/contracts/resource';
import type { ExportFormat } from '@payops/contracts/resource-schemas';
import { api } from '../lib/api.ts';
import { formatDateTime } from '../lib/datetime.ts';
import type { Filters, SortState } from './types.ts';

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

export async function exportList(
  def: ResourceDef,
  format: ExportFormat,
  filters: Filters,
  sort: SortState | undefined,
): Promise<string> {
  const action = def.actions.export;
  if (!action) throw new Error(`${def.name} has no export action`);
  const blob = await api<Blob>(action.path, {
    method: 'POST',
    body: { format, filters, ...(sort ? { sort } : {}) },
    responseType: 'blob',
  });
  const fileName = `${def.name}-${formatDateTime(new Date()).slice(0, 10)}.${format}`;
  saveBlob(blob, fileName);
  return fileName;
}
