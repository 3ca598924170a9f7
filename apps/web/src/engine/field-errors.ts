/**
 * A refusal that names fields of a dialog's form (`data.fields` of a 400, e.g. a debit over the
 * balance) is shown under those inputs, in the operator's language, where they correct it; api() does
 * not toast it when the call said these fields are the caller's (`fields`).
 */
import type { FormInstance } from 'antd/es/form';
import { ApiError, fieldsOf } from '../lib/api.ts';

/** Places the error's field reasons under the form's inputs; false when it names none of them. */
export function placeFieldErrors(form: FormInstance, names: readonly string[], error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const placed = fieldsOf(error.data).filter((f) => names.includes(f.field));
  form.setFields(placed.map((f) => ({ name: f.field, errors: [f.message] })));
  return placed.length > 0;
}

/**
 * For a dialog's request: `.catch(placedUnder(form, names))` shows the refusal under its inputs and
 * rethrows it, so the dialog stays open.
 */
export function placedUnder(form: FormInstance, names: readonly string[]) {
  return (error: unknown): never => {
    placeFieldErrors(form, names, error);
    throw error;
  };
}
