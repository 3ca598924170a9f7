/**
 * Filters of `choices` fields (contracts FieldInput.choices): the value must be one the referenced
 * resource offers (e.g. a finance tag's code), checked on the server whatever the page sends: a 400
 * naming the field otherwise. One indexed lookup per such filter given.
 */
import type { FieldDef, Locale, ResourceDef } from '@payops/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../errors.ts';
import type { Row } from './query.ts';
import { scopeCondition } from './query.ts';
import { boundResource } from './refs.ts';

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
    const target = boundResource(f.choices.resource);
    const col = target?.columns[f.choices.valueField];
    if (!target || !col) throw new Error(`choices ${f.name}: ${f.choices.resource}.${f.choices.valueField}`);
    const [hit] = (await db
      .select({ v: col })
      .from(target.table as never)
      .where(and(scopeCondition(target), eq(col, value)))
      .limit(1)) as Row[];
    if (!hit) throw fieldError(f.name, text[locale]);
  }
}
