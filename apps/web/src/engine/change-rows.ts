/**
 * The before/after of an audited change as rows, field by field (the operation log's detail and a
 * record's audit timeline show the same comparison).
 */
export interface DiffRow {
  field: string;
  before: string;
  after: string;
  changed: boolean;
}

const show = (v: unknown) => (v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Field-by-field when both sides are objects; one row otherwise (a value, a list of removed rows). */
export function diffRows(rawBefore: unknown, rawAfter: unknown): DiffRow[] {
  // A delete of one row is audited as a list of one: compare that row's fields.
  const one = (v: unknown) => (Array.isArray(v) && v.length === 1 ? v[0] : v);
  const before = one(rawBefore);
  const after = one(rawAfter);
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return fields.map((field) => ({
      field,
      before: show(b[field]),
      after: show(a[field]),
      changed: show(b[field]) !== show(a[field]),
    }));
  }
  if (before === undefined && after === undefined) return [];
  return [{ field: '-', before: show(before), after: show(after), changed: show(before) !== show(after) }];
}
