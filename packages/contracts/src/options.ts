/**
 * The generic options endpoint of every resource (`POST <api>/options`): the records a searchable
 * select offers, as `{ value, label }` pairs, paged, searched by their label (the resource's label
 * field, or the field a ref shows) or resolved from given ids; and the audit timeline of one record (`GET <api>/audit`). Paths and
 * shapes here (no zod: the web imports them); the request schemas are in options-schemas.ts.
 */
import type { RefInput, ResourceDef } from './resource.ts';

export const OPTIONS_PAGE_SIZE = 20;

/** The path of a resource's options endpoint. */
export const optionsPath = (def: Pick<ResourceDef, 'api'>) => `${def.api}/options`;
/** The path of a resource's record audit timeline. */
export const auditPath = (def: Pick<ResourceDef, 'api'>) => `${def.api}/audit`;

export interface OptionsBody {
  q?: string;
  ids?: (string | number)[];
  filters?: Record<string, unknown>;
  /** Answer this stored field as the value instead of the key (a ref's or a filter's `valueField`). */
  valueField?: string;
  /**
   * Show and search this stored field instead of the resource's label field: the one a ref's cells
   * show (a merchant by its number, not its name), so that what a list shows is what its filter finds.
   */
  labelField?: string;
  page: number;
  pageSize: number;
}

/** The value and label fields a ref's options are asked for, where they are not the target's own. */
export function refOptionFields(
  ref: Pick<RefInput, 'labelField' | 'valueField'>,
  target: Pick<ResourceDef, 'labelField'>,
): Pick<OptionsBody, 'valueField' | 'labelField'> {
  return {
    ...(ref.valueField ? { valueField: ref.valueField } : {}),
    ...(ref.labelField !== target.labelField ? { labelField: ref.labelField } : {}),
  };
}

export interface OptionItem {
  value: string | number;
  label: string;
}

export interface OptionsAnswer {
  list: OptionItem[];
  pager: { page: number; pageSize: number; total: number; totalCapped: boolean };
}

export interface AuditQuery {
  id: string | number;
  page: number;
  pageSize: number;
}

/** One operation-log row of a record, personal data in before/after masked as in lists. */
export interface AuditEntry {
  id: number;
  at: string;
  operatorName: string;
  action: string;
  result: 'success' | 'failure';
  code: number;
  before: unknown;
  after: unknown;
  extra: unknown;
}

export interface AuditAnswer {
  list: AuditEntry[];
  pager: { page: number; pageSize: number; total: number; totalCapped: boolean };
}
