/**
 * Between a row and the add/edit form: which fields the form holds, the initial values of an edit,
 * and the request body the contracts' addBodySchema / editBodySchema accept (strict: only form fields,
 * key added for edit; an emptied optional text is '' and any other emptied optional value is null).
 */
import type { FieldDef, ResourceDef } from '@payops/contracts/resource';
import dayjs from 'dayjs';
import type { FormMode, Row } from './types.ts';

/** Fields of the form in this mode: add has every form field, edit leaves out add-only ones. */
export function formFields(def: ResourceDef, mode: FormMode['kind']): FieldDef[] {
  return Object.values(def.fields as Record<string, FieldDef>).filter(
    (f) => f.form && f.name !== def.key && !(mode === 'edit' && f.form.addOnly),
  );
}

/** Whether the field is shown but cannot change (edit of a read-only-on-edit field). */
export function lockedOnEdit(field: FieldDef, mode: FormMode['kind']): boolean {
  return mode === 'edit' && !!field.form?.readonlyOnEdit;
}

/**
 * A personal field the row carries masked (`199****9484`): the edit form starts it empty and keeps
 * the stored value unless the operator types a new one, since the masked text is not a value.
 */
export function heldMasked(field: FieldDef, row: Row | undefined): string | null {
  const v = row?.[field.name];
  return field.mask && typeof v === 'string' && v.includes('*') ? v : null;
}

export function toFormValues(fields: FieldDef[], row: Row): Row {
  const out: Row = {};
  for (const f of fields) {
    const v = row[f.name];
    if (v === null || v === undefined || heldMasked(f, row)) continue;
    if (f.type === 'datetime' || f.type === 'date') out[f.name] = dayjs(v as string);
    else if (f.type === 'json') out[f.name] = JSON.stringify(v, null, 2);
    else if (f.type === 'enum' && f.many) out[f.name] = String(v).split(',').filter(Boolean);
    else if (f.type === 'money' && f.display !== 'percent' && typeof v === 'string')
      out[f.name] = plainAmount(v);
    else out[f.name] = v;
  }
  return out;
}

/** An amount as an operator types it: the column's trailing zeros dropped ('10.00000000' is '10'). */
const plainAmount = (v: string) => (v.includes('.') ? v.replace(/\.?0+$/, '') : v);

function isTextual(f: FieldDef): boolean {
  return f.type === 'string' || f.type === 'text' || f.type === 'image';
}

function jsonValue(field: FieldDef, value: unknown): unknown {
  if (field.type === 'datetime' && dayjs.isDayjs(value)) return value.toISOString();
  if (field.type === 'date' && dayjs.isDayjs(value)) return value.format('YYYY-MM-DD');
  if (field.type === 'json' && typeof value === 'string') return JSON.parse(value);
  // A `many` enum's select holds its options as a list; the server stores them comma-separated.
  if (field.type === 'enum' && field.many && Array.isArray(value)) return value.join(',');
  if (isTextual(field) && typeof value === 'string') return value.trim();
  if (field.type === 'money' && typeof value === 'string') return value.trim();
  return value;
}

export function toBody(def: ResourceDef, fields: FieldDef[], values: Row, mode: FormMode): Row {
  const body: Row = {};
  if (mode.kind === 'edit') body[def.key] = mode.row[def.key];
  for (const f of fields) {
    // Absent: left out on purpose (an unchanged field of an edit, see changedValues).
    if (lockedOnEdit(f, mode.kind) || !(f.name in values)) continue;
    const raw = values[f.name];
    const empty =
      raw === undefined ||
      raw === null ||
      (typeof raw === 'string' && raw.trim() === '') ||
      (Array.isArray(raw) && raw.length === 0);
    if (!empty) {
      body[f.name] = jsonValue(f, raw);
    } else if (mode.kind === 'edit' && !f.form?.required) {
      // Clearing an optional field in an edit is a change the server must hear about.
      body[f.name] = isTextual(f) ? '' : null;
    }
  }
  return body;
}

/**
 * An edit sends only what the operator changed: the list's values may be masked ("D*********") and
 * sending one back unchanged would overwrite the real value with its mask.
 */
export function changedValues(values: Row, initial: Row): Row {
  const out: Row = {};
  for (const [name, value] of Object.entries(values)) {
    if (JSON.stringify(value ?? null) !== JSON.stringify(initial[name] ?? null)) out[name] = value;
  }
  return out;
}
