/**
 * What a list row holds, as the list rules (list-rules.e2e.ts) read it: a definition's fields, blank
 * and plain values, and the filter values that must find a row, as the search form and as a link
 * give them.
 */
import type { ResourceDef } from '@payops/contracts';
import type { FieldDef } from '@payops/contracts/resource';
import { toFilters } from '../../apps/web/src/engine/filter-values.ts';
import { urlFilterValues } from '../../apps/web/src/engine/url-filters.ts';

export const fieldsOf = (def: ResourceDef): FieldDef[] =>
  Object.values(def.fields as Record<string, FieldDef>);

export const blank = (v: unknown) => v === null || v === undefined || v === '';
/** A value a row shows as itself: not blank, not masked (a filter on a masked one needs unmasking). */
export const plainValue = (v: unknown) => !blank(v) && !(typeof v === 'string' && v.includes('*'));

/** A filter's value that must find `v`, the value a row shows, as the search form would send it. */
export function filterFinding(f: FieldDef, v: unknown): unknown {
  switch (f.filter) {
    case 'in':
      return [v];
    case 'contains':
      // A set of codes is searched one code at a time; a text by a part of it.
      return f.choices || (f.type === 'enum' && f.many) ? String(v).split(',')[0] : String(v).slice(0, 100);
    case 'between': {
      if (f.type !== 'datetime') return [v, v];
      // The column keeps microseconds, the answer milliseconds: a second either side.
      const at = new Date(String(v)).getTime();
      return [new Date(at - 1000).toISOString(), new Date(at + 1000).toISOString()];
    }
    default:
      return v;
  }
}

/**
 * The same filter as a link gives it (`?<field>=<text>`, url-filters.ts: a badge, a report's drill,
 * a bookmark): the text for `v`, read back as the page reads its URL into the search form and the
 * form into the request. A time is given as its whole day, as links give it.
 */
export function urlFinding(def: ResourceDef, f: FieldDef, v: unknown): unknown {
  const day = (t: unknown) => {
    const d = new Date(String(t));
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  };
  const text =
    f.filter === 'between'
      ? f.type === 'datetime'
        ? `${day(v)},${day(v)}`
        : `${v},${v}`
      : String(f.filter === 'contains' ? filterFinding(f, v) : v);
  return toFilters([f], urlFilterValues(def, `?${f.name}=${encodeURIComponent(text)}`))[f.name];
}

/** A value's place in an order, for the types whose order JavaScript and PostgreSQL agree on. */
export function ordinal(f: FieldDef, v: unknown): number | undefined {
  if (!plainValue(v)) return undefined;
  if (f.type === 'number' || f.type === 'money') return Number(v);
  if (f.type === 'datetime' || f.type === 'date') return Date.parse(String(v));
  return undefined;
}

/**
 * Whether a row showing `v` for `f` is one the filter `given` (as filterFinding or urlFinding make it)
 * lets through: the same value, one of the set, a text holding the part, a code of the set, a value
 * within the range. A blank or masked value is not judged (undefined).
 */
export function passes(f: FieldDef, v: unknown, given: unknown): boolean | undefined {
  if (!plainValue(v)) return undefined;
  switch (f.filter) {
    case 'in':
      return (given as unknown[]).map(String).includes(String(v));
    case 'contains':
      return f.choices || (f.type === 'enum' && f.many)
        ? String(v).split(',').includes(String(given))
        : String(v).toLowerCase().includes(String(given).toLowerCase());
    case 'between': {
      const [from, to] = given as [unknown, unknown];
      // A day is compared as its text (YYYY-MM-DD sorts as days do), a time as its instant.
      const place = (x: unknown) =>
        f.type === 'date' ? String(x) : f.type === 'datetime' ? Date.parse(String(x)) : Number(x);
      const at = place(v);
      return (blank(from) || at >= place(from)) && (blank(to) || at <= place(to));
    }
    default:
      return String(v) === String(given);
  }
}
