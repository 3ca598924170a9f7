/**
 * add / edit / remove of a resource row, each in one transaction, with the module's hooks and the
 * before/after the audit row records; the audit row is written last in that same transaction, so a
 * change without its row cannot commit (issue 18 section 2). Columns named createdAt, updatedAt and createdBy are filled by
 * convention when the definition leaves them out of its form.
 */
import { type ActionNotice, ErrorCode, type FieldDef } from '@payops/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { auditInTx } from '../audit-request.ts';
import { AppError, localeOf } from '../errors.ts';
import { mask, maskKinds, rowMaskKinds } from '../masking.ts';
import { stateLabel } from '../state-label.ts';
import {
  type BoundResource,
  type Row,
  scopeCondition,
  selectByKeys,
  selection,
  toColumnValue,
} from './query.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface WriteInfo {
  mode: 'add' | 'edit';
  /** The row before an edit. */
  before?: Row;
  tx: Tx;
  request: FastifyRequest;
}

/** Part of an edit held for a second administrator (pendingChange): the answer names the request. */
export interface HeldForApproval {
  pendingChangeId: number;
  /** Shown instead of "saved" (contracts ActionNotice). */
  notice: ActionNotice;
}

export interface WriteHooks {
  /**
   * Checks the values (throw fieldError to refuse) and may complete them in place; an edit may take
   * a value out and leave it waiting for approval instead, saying so by returning the request.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: most hooks hold nothing back and return nothing
  beforeWrite?: (values: Row, info: WriteInfo) => Promise<HeldForApproval | void> | HeldForApproval | void;
  /** Checks the rows about to be removed and cleans up what refers to them, in the same transaction. */
  beforeRemove?: (rows: Row[], info: { tx: Tx; request: FastifyRequest }) => Promise<void> | void;
  /** After a committed change (cache invalidation, ending sessions). */
  afterChange?: (info: {
    mode: 'add' | 'edit' | 'remove';
    rows: Row[];
    request: FastifyRequest;
  }) => Promise<void> | void;
}

/** What the audit log keeps of a row: its declared fields, personal data always masked. */
export function auditView(r: BoundResource, row: Row | undefined): Row | undefined {
  if (!row) return undefined;
  const out: Row = {};
  const kinds = rowMaskKinds(r.def, maskKinds(r.def))(row);
  for (const f of Object.values(r.def.fields as Record<string, FieldDef>)) {
    if (f.virtual || !(f.name in row)) continue;
    const v = row[f.name];
    const kind = kinds[f.name];
    out[f.name] = kind && typeof v === 'string' ? mask(kind, v) : v;
  }
  return out;
}

function columnValues(r: BoundResource, body: Row): Row {
  const values: Row = {};
  for (const [name, value] of Object.entries(body)) {
    const field = (r.def.fields as Record<string, FieldDef>)[name];
    const col = r.columns[name];
    if (!field || !col || field.virtual || name === r.def.key || value === undefined) continue;
    // A cleared optional input of a column that must hold a value: its default when adding, unchanged
    // when editing (a NOT NULL violation would answer a 500).
    if (value === null && col.notNull && col.hasDefault) continue;
    // A cleared optional input arrives as '' or null: NULL where the column allows it.
    values[name] = value === '' && !col.notNull ? null : toColumnValue(field, value);
  }
  return values;
}

/** Unique violations answer a conflict instead of a server error. */
async function mapConstraintErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    const pg = ((e as { cause?: unknown }).cause ?? e) as { code?: string; constraint?: string };
    if (pg.code === '23505') throw new AppError(ErrorCode.conflict, { constraint: pg.constraint ?? null });
    throw e;
  }
}

export async function insertRow(
  db: Db,
  r: BoundResource,
  body: Row,
  request: FastifyRequest,
  hooks: WriteHooks,
) {
  const now = request.server.ctx.clock.now();
  const conventions: Row = {};
  if (r.tableColumns.createdAt && !r.columns.createdAt) conventions.createdAt = now;
  if (r.tableColumns.updatedAt && !r.columns.updatedAt) conventions.updatedAt = now;
  if (r.tableColumns.createdBy) conventions.createdBy = request.auth?.operatorId ?? null;
  const row = await mapConstraintErrors(() =>
    db.transaction(async (tx) => {
      const values: Row = { ...conventions, ...columnValues(r, body), ...r.scope };
      await hooks.beforeWrite?.(values, { mode: 'add', tx, request });
      const [inserted] = (await tx
        .insert(r.table)
        .values(values as never)
        .returning(selection(r))) as Row[];
      await auditInTx(tx, request, {
        objectType: r.def.name,
        objectId: String(inserted![r.def.key]),
        after: auditView(r, inserted),
      });
      return inserted!;
    }),
  );
  await hooks.afterChange?.({ mode: 'add', rows: [row], request });
  return row;
}

const lockedText = {
  'zh-CN': (state: string) => `「${state}」状态下不能修改或删除`,
  'en-US': (state: string) => `cannot be changed or removed while ${state}`,
} as const;

/**
 * A lifecycle's `editableIn` on the server (the page hides the buttons by the same rule): a row in
 * another state is neither edited nor removed, a 409 naming its state. The rows are read locked.
 */
function refuseLocked(r: BoundResource, rows: Row[], request: FastifyRequest): void {
  const lifecycle = r.def.lifecycle;
  if (!lifecycle?.editableIn) return;
  const locked = rows.find((row) => !lifecycle.editableIn!.includes(String(row[lifecycle.field])));
  if (!locked) return;
  const locale = localeOf(request);
  const state = stateLabel(r.def, String(locked[lifecycle.field]), locale);
  throw new AppError(ErrorCode.conflict, {
    fields: [{ field: r.def.key, message: lockedText[locale](state) }],
  });
}

export async function updateRow(
  db: Db,
  r: BoundResource,
  body: Row,
  request: FastifyRequest,
  hooks: WriteHooks,
) {
  const id = body[r.def.key];
  const result = await mapConstraintErrors(() =>
    db.transaction(async (tx) => {
      const [before] = await selectByKeys(tx as unknown as Db, r, [id], true);
      if (!before) throw new AppError(ErrorCode.notFound);
      refuseLocked(r, [before], request);
      const values = columnValues(r, body);
      const held = (await hooks.beforeWrite?.(values, { mode: 'edit', before, tx, request })) ?? null;
      let after: Row | undefined = before;
      if (Object.keys(values).length > 0) {
        if (r.tableColumns.updatedAt && !('updatedAt' in values))
          values.updatedAt = request.server.ctx.clock.now();
        [after] = (await tx
          .update(r.table)
          .set(values as never)
          .where(and(scopeCondition(r), eq(r.columns[r.def.key]!, id)))
          .returning(selection(r))) as Row[];
      }
      await auditInTx(tx, request, {
        objectType: r.def.name,
        objectId: String(id),
        before: auditView(r, before),
        after: auditView(r, after),
      });
      return { before, after: after!, held };
    }),
  );
  await hooks.afterChange?.({ mode: 'edit', rows: [result.after], request });
  return result;
}

export async function removeRows(
  db: Db,
  r: BoundResource,
  ids: unknown[],
  request: FastifyRequest,
  hooks: WriteHooks,
) {
  const rows = await db.transaction(async (tx) => {
    const found = await selectByKeys(tx as unknown as Db, r, ids, true);
    if (found.length === 0) throw new AppError(ErrorCode.notFound);
    refuseLocked(r, found, request);
    await hooks.beforeRemove?.(found, { tx, request });
    const keys = found.map((row) => row[r.def.key]);
    await tx.delete(r.table).where(and(scopeCondition(r), inArray(r.columns[r.def.key]!, keys)));
    await auditInTx(tx, request, {
      objectType: r.def.name,
      objectId: keys.join(','),
      before: found.map((row) => auditView(r, row)),
    });
    return found;
  });
  await hooks.afterChange?.({ mode: 'remove', rows, request });
  return rows;
}
