/**
 * `choices` fields (contracts FieldInput.choices), a set of another resource's codes:
 * - a filter's value must be one the referenced resource offers (e.g. a finance tag's code), checked
 *   on the server whatever the page sends: a 400 naming the field otherwise. One indexed lookup per
 *   such filter given;
 * - an export writes the codes by their records' labels, as the cell shows them.
 */
import { type FieldDef, type Locale, type ResourceDef, refLabelKey } from '@payops/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../errors.ts';
import type { Row } from './query.ts';
import { scopeCondition } from './query.ts';
import { boundResource } from './refs.ts';

function choicesTarget(f: FieldDef) {
  const target = boundResource(f.choices!.resource);
  const col = target?.columns[f.choices!.valueField];
  const label = target?.columns[f.choices!.labelField];
  // The registry test catches these before a release; at run time the error names the definition.
  if (!target || !col || !label)
    throw new Error(`choices ${f.name}: ${f.choices!.resource}.${f.choices!.valueField}`);
  return { target, col, label };
}

const text = { 'zh-CN': '不是可选的值', 'en-US': 'is not one of the choices' } as const;

export async function refuseUnknownChoices(
  db: Db,
  def: ResourceDef,
  filters: Row | undefined,
  locale: Locale,
): Promise<void> {
  for (const f of Object.values(def.fields as Record<string, FieldDef>)) {
    const value = filters?.[f.name];
    if (!f.choices || value === null || value === undefined || value === '') continue;
    const { target, col } = choicesTarget(f);
    const [hit] = (await db
      .select({ v: col })
      .from(target.table as never)
      .where(and(scopeCondition(target), eq(col, value)))
      .limit(1)) as Row[];
    if (!hit) throw fieldError(f.name, text[locale]);
  }
}

const codesOf = (value: unknown) => (typeof value === 'string' ? value.split(',').filter(Boolean) : []);

/**
 * Adds `<field>Label` to every row for each `choices` field: its codes by their records' labels,
 * joined as the cell shows them ('VIP, 高频'); a code without a record stays itself (ChoicesCell does
 * the same on screen). One query per such field for the whole batch.
 */
export async function withChoiceLabels(db: Db, def: ResourceDef, rows: Row[]): Promise<Row[]> {
  const fields = Object.values(def.fields as Record<string, FieldDef>).filter((f) => f.choices);
  if (fields.length === 0 || rows.length === 0) return rows;
  const maps = await Promise.all(
    fields.map(async (f) => {
      const codes = [...new Set(rows.flatMap((row) => codesOf(row[f.name])))];
      if (codes.length === 0) return [f.name, new Map<string, string>()] as const;
      const { target, col, label } = choicesTarget(f);
      const found = (await db
        .select({ code: col, label })
        .from(target.table as never)
        .where(and(scopeCondition(target), inArray(col, codes)))) as Row[];
      return [f.name, new Map(found.map((r) => [String(r.code), String(r.label)]))] as const;
    }),
  );
  return rows.map((row) => {
    const out: Row = { ...row };
    for (const [name, labels] of maps) {
      const codes = codesOf(row[name]);
      out[refLabelKey(name)] = codes.length ? codes.map((c) => labels.get(c) ?? c).join(', ') : null;
    }
    return out;
  });
}
