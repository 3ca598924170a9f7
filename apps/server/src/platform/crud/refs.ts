/**
 * Labels of `ref` fields (issue 9, "References and detail"): each row gets `<field>Label` next to the
 * id, read from the referenced resource's table with ONE query per ref field per batch of rows (no
 * N+1, no hand-written name lookups in modules). The referenced resource is found through the
 * registry of bound resources, so a ref follows the table and scope that resource was registered with.
 */
import { type FieldDef, type MaskKind, type ResourceDef, refLabelKey, refPageByKey } from '@payops/contracts';
import { and, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { maskRow } from '../masking.ts';
import { type BoundResource, type Row, scopeCondition } from './query.ts';

/** Definition name -> its table binding (filled by registerCrud; static data, the same in every app). */
const bound = new Map<string, BoundResource>();

export function bindForRefs(r: BoundResource) {
  bound.set(r.def.name, r);
}

export function boundResource(name: string): BoundResource | undefined {
  return bound.get(name);
}

export function refFields(def: ResourceDef): FieldDef[] {
  return Object.values(def.fields as Record<string, FieldDef>).filter((f) => f.type === 'ref' && f.ref);
}

export interface RefTarget {
  field: string;
  target: BoundResource;
  key: PgColumn;
  label: PgColumn;
  /** The referenced record's field that picks the page a cell links to (RefInput.pageBy), if stored. */
  pageBy: PgColumn | undefined;
  mask: MaskKind | undefined;
}

/** What a ref field names: the referenced resource, its key and label columns. */
export function refTarget(f: FieldDef): RefTarget {
  const target = boundResource(f.ref!.resource);
  const labelField = (target?.def.fields as Record<string, FieldDef> | undefined)?.[f.ref!.labelField];
  const label = target?.columns[f.ref!.labelField];
  // The registry test catches these before a release; at run time the error names the definition.
  if (!target || !labelField || !label)
    throw new Error(`ref ${f.name}: ${f.ref!.resource}.${f.ref!.labelField} is not a registered field`);
  return {
    field: f.name,
    target,
    key: target.columns[target.def.key]!,
    label,
    pageBy: f.ref!.pageBy && target.columns[f.ref!.pageBy.field],
    mask: labelField.mask,
  };
}

interface Referenced {
  label: string;
  pageBy?: string;
}

async function labelsOf(db: Db, ref: RefTarget, ids: unknown[], unmasked: boolean) {
  if (ids.length === 0) return new Map<string, Referenced>();
  const rows = (await db
    .select({ key: ref.key, label: ref.label, ...(ref.pageBy ? { pageBy: ref.pageBy } : {}) })
    .from(ref.target.table as never)
    .where(and(scopeCondition(ref.target), inArray(ref.key, ids)))) as Row[];
  const kinds: Record<string, MaskKind> = ref.mask ? { label: ref.mask } : {};
  return new Map<string, Referenced>(
    rows.map((row) => [
      String(row.key),
      {
        label: String(maskRow(row, kinds, unmasked).label ?? ''),
        ...(ref.pageBy ? { pageBy: String(row.pageBy) } : {}),
      },
    ]),
  );
}

/**
 * Adds `<field>Label` (the referenced record's label, or null when none) to every row, and for a ref
 * with `pageBy`, `<field>PageBy` (the referenced record's field that picks the page its cell opens).
 */
export async function withRefLabels(db: Db, def: ResourceDef, rows: Row[], unmasked: boolean) {
  const fields = refFields(def);
  if (fields.length === 0 || rows.length === 0) return rows;
  const maps = await Promise.all(
    fields.map(async (f) => {
      const ref = refTarget(f);
      const ids = [...new Set(rows.map((r) => r[f.name]).filter((v) => v !== null && v !== undefined))];
      return [f.name, !!ref.pageBy, await labelsOf(db, ref, ids, unmasked)] as const;
    }),
  );
  return rows.map((row) => {
    const out: Row = { ...row };
    for (const [name, paged, found] of maps) {
      const id = row[name];
      const referenced = id === null || id === undefined ? undefined : found.get(String(id));
      out[refLabelKey(name)] = referenced?.label ?? null;
      if (paged) out[refPageByKey(name)] = referenced?.pageBy ?? null;
    }
    return out;
  });
}
