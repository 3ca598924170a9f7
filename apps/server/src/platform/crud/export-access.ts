/**
 * What an export must settle before its first byte (issue 17 item 5): an export of personal data in
 * clear (the session is unmasked) takes a fresh authenticator code even where the export permission
 * needs none, and its operation-log row carries how many rows left the console.
 *
 * The row count is taken in the export's snapshot, before its first byte: the log row is
 * written as the answer starts (the guard's onSend), before the stream is read, so that an export the
 * client abandons halfway is still on record.
 */
import type { ExportBody, FieldDef, ResourceDef } from '@payops/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { maskPersonal } from '../masking.ts';
import { consumeCode } from '../totp.ts';
import type { BoundResource } from './query.ts';

/** Whether the definition carries personal data that unmasking shows (secrets stay masked). */
export function hasPersonalData(def: ResourceDef): boolean {
  return Object.values(def.fields as Record<string, FieldDef>).some(
    (f) => (f.mask && f.mask !== 'secret') || f.maskBy,
  );
}

/**
 * Checks the code of an unmasked export (17017 without one) and notes the export for the audit row;
 * answers the note's detail, where the caller puts the row count once the export's snapshot has it.
 */
export async function admitExport(
  ctx: AppContext,
  request: FastifyRequest,
  r: BoundResource,
): Promise<Record<string, unknown>> {
  const body = request.body as ExportBody;
  const unmasked = (request.auth?.unmasked ?? false) && hasPersonalData(r.def);
  const extra: Record<string, unknown> = {
    export: body.format,
    filters: maskPersonal(body.filters),
    unmasked,
  };
  request.auditNote = { objectType: r.def.name, extra };
  if (unmasked && !request.codeVerified) {
    const code = request.headers.googlecode;
    await consumeCode(ctx, request.auth!.operatorId, typeof code === 'string' ? code : undefined);
    request.codeVerified = true;
  }
  return extra;
}

/** The answer header carrying that count, read by the web's progress indicator. */
export const EXPORT_ROWS_HEADER = 'x-export-rows';
