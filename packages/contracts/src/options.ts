/**
 * The generic options endpoint of every resource (`POST <api>/options`): the records a searchable
 * select offers, as `{ value, label }` pairs, paged, searched by the resource's label field or
 * resolved from given ids; and the audit timeline of one record (`GET <api>/audit`). Shared by the
 * server (validation) and the web (requests).
 */
import { z } from 'zod';
import { PAGE_SIZE_MAX } from './api.ts';
import type { FieldDef, ResourceDef } from './resource.ts';
import { filtersSchema } from './resource-schemas.ts';

export const OPTIONS_PAGE_SIZE = 20;
const IDS_MAX = 100;

/** The path of a resource's options endpoint. */
export const optionsPath = (def: Pick<ResourceDef, 'api'>) => `${def.api}/options`;
/** The path of a resource's record audit timeline. */
export const auditPath = (def: Pick<ResourceDef, 'api'>) => `${def.api}/audit`;

function keyValueSchema(def: ResourceDef): z.ZodType {
  const field = (def.fields as Record<string, FieldDef>)[def.key];
  return field?.type === 'string' ? z.string().min(1).max(255) : z.number().int().positive();
}

/** `{ q?, ids?, filters?, page, pageSize }`: q searches the label; ids resolves given keys. */
export function optionsBodySchema(def: ResourceDef) {
  return z.strictObject({
    q: z.string().trim().min(1).max(100).optional(),
    ids: z.array(keyValueSchema(def)).min(1).max(IDS_MAX).optional(),
    filters: filtersSchema(def).optional(),
    page: z.number().int().min(1).max(500).default(1),
    pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(OPTIONS_PAGE_SIZE),
  });
}

export interface OptionsBody {
  q?: string;
  ids?: (string | number)[];
  filters?: Record<string, unknown>;
  page: number;
  pageSize: number;
}

export interface OptionItem {
  value: string | number;
  label: string;
}

export interface OptionsAnswer {
  list: OptionItem[];
  pager: { page: number; pageSize: number; total: number; totalCapped: boolean };
}

export function auditQuerySchema(def: ResourceDef) {
  const field = (def.fields as Record<string, FieldDef>)[def.key];
  return z.strictObject({
    id: field?.type === 'string' ? z.string().min(1).max(255) : z.coerce.number().int().positive(),
    page: z.coerce.number().int().min(1).max(500).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(OPTIONS_PAGE_SIZE),
  });
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
