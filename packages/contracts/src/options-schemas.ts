/** Request schemas of the options endpoint and the audit timeline (see options.ts). */
import { z } from 'zod';
import { PAGE_SIZE_MAX } from './api.ts';
import { id4, queryId4, safeString } from './input-rules.ts';
import { OPTIONS_PAGE_SIZE } from './options.ts';
import { type FieldDef, type ResourceDef, storedFields } from './resource.ts';
import { filtersSchema } from './resource-schemas.ts';

const IDS_MAX = 100;

function keyValueSchema(def: ResourceDef): z.ZodType {
  const field = (def.fields as Record<string, FieldDef>)[def.key];
  if (field?.type === 'enum' && field.options?.length)
    return z.enum(field.options.map((o) => String(o.value)) as [string, ...string[]]);
  return field?.type === 'string' ? safeString().min(1).max(255) : id4();
}

/**
 * `{ q?, ids?, filters?, valueField?, labelField?, page, pageSize }`: q searches the label; ids
 * resolves given keys.
 */
export function optionsBodySchema(def: ResourceDef) {
  const key = keyValueSchema(def);
  return z
    .strictObject({
      q: safeString().trim().min(1).max(100).optional(),
      // With a valueField, ids are that field's values (a code), else keys.
      ids: z
        .array(z.union([keyValueSchema(def), safeString().min(1).max(255)]))
        .min(1)
        .max(IDS_MAX)
        .optional(),
      filters: filtersSchema(def).optional(),
      valueField: z.enum(Object.keys(def.fields) as [string, ...string[]]).optional(),
      labelField: z.enum(storedFields(def).map((f) => f.name) as [string, ...string[]]).optional(),
      page: z.number().int().min(1).max(500).default(1),
      pageSize: z.number().int().min(1).max(PAGE_SIZE_MAX).default(OPTIONS_PAGE_SIZE),
    })
    .superRefine((body, ctx) => {
      // Without a valueField the ids are the resource's keys, of the key's own type.
      if (body.valueField || !body.ids) return;
      body.ids.forEach((id, i) => {
        if (!key.safeParse(id).success)
          ctx.addIssue({ code: 'invalid_type', expected: 'number', input: id, path: ['ids', i] });
      });
    });
}

export function auditQuerySchema(def: ResourceDef) {
  const field = (def.fields as Record<string, FieldDef>)[def.key];
  return z.strictObject({
    // A text key is a code (a setting's name), never free text.
    id: field?.type === 'string' ? z.string().regex(/^[\w.:-]{1,255}$/) : queryId4(),
    page: z.coerce.number().int().min(1).max(500).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(OPTIONS_PAGE_SIZE),
  });
}
