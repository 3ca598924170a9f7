/** Request schemas of the options endpoint and the audit timeline (see options.ts). */
import { z } from 'zod';
import { PAGE_SIZE_MAX } from './api.ts';
import { OPTIONS_PAGE_SIZE } from './options.ts';
import type { FieldDef, ResourceDef } from './resource.ts';
import { filtersSchema } from './resource-schemas.ts';

const IDS_MAX = 100;

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

export function auditQuerySchema(def: ResourceDef) {
  const field = (def.fields as Record<string, FieldDef>)[def.key];
  return z.strictObject({
    id: field?.type === 'string' ? z.string().min(1).max(255) : z.coerce.number().int().positive(),
    page: z.coerce.number().int().min(1).max(500).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(OPTIONS_PAGE_SIZE),
  });
}
