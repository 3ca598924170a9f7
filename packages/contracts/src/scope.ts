/**
 * What a definition's scope (ResourceDef.scope) means for its page. The server keeps the rows to the
 * scope whatever the page sends; the page neither offers a filter on what the scope decides nor
 * spends a column (or an export's) on a value every row has.
 */
import type { FieldDef, ResourceDef } from './resource.ts';

/** The values the scope allows in a text column (one or a list), or undefined when it says none. */
export function scopedValues(def: ResourceDef, column: string): readonly string[] | undefined {
  const scoped = def.scope?.[column];
  if (typeof scoped === 'string') return [scoped];
  return Array.isArray(scoped) ? scoped : undefined;
}

/** A field the scope fixes to one value: every row of the definition has it. */
function fixedByScope(def: ResourceDef, field: FieldDef): boolean {
  const scoped = def.scope?.[field.name];
  return scoped !== undefined && !Array.isArray(scoped);
}

/** The list's columns (and an export's): the listed fields but those the scope fixes. */
export function listedFields(def: ResourceDef): FieldDef[] {
  return Object.values(def.fields as Record<string, FieldDef>).filter((f) => f.list && !fixedByScope(def, f));
}

/**
 * The fields a page offers as filters: a field the scope fixes to one value is left out (every row has
 * it), and an enum the scope narrows to a list offers only the listed values.
 */
export function scopedFilterFields(def: ResourceDef): FieldDef[] {
  return Object.values(def.fields as Record<string, FieldDef>)
    .filter((field) => field.filter && !fixedByScope(def, field))
    .map((field) => {
      const scoped = scopedValues(def, field.name);
      if (!scoped || field.options.length === 0) return field;
      return { ...field, options: field.options.filter((o) => scoped.includes(o.value)) };
    });
}
