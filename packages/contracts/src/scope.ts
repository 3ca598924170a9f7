/**
 * What a definition's scope (ResourceDef.scope) means for its page's search form. The server keeps
 * the rows to the scope whatever the page sends; the form should not offer what the scope decides.
 */
import type { FieldDef, ResourceDef } from './resource.ts';

/** The values the scope allows in a text column (one or a list), or undefined when it says none. */
export function scopedValues(def: ResourceDef, column: string): readonly string[] | undefined {
  const scoped = def.scope?.[column];
  if (typeof scoped === 'string') return [scoped];
  return Array.isArray(scoped) ? scoped : undefined;
}

/**
 * The fields a page offers as filters: a field the scope fixes to one value is left out (every row has
 * it), and an enum the scope narrows to a list offers only the listed values.
 */
export function scopedFilterFields(def: ResourceDef): FieldDef[] {
  const out: FieldDef[] = [];
  for (const field of Object.values(def.fields as Record<string, FieldDef>)) {
    if (!field.filter) continue;
    const scoped = def.scope?.[field.name];
    if (scoped === undefined) out.push(field);
    else if (Array.isArray(scoped) && field.options.length > 0)
      out.push({ ...field, options: field.options.filter((o) => scoped.includes(o.value)) });
    else if (Array.isArray(scoped)) out.push(field);
  }
  return out;
}
