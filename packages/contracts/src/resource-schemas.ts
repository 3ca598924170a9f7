/**
 * zod schemas derived from a resource definition, shared by the server (route validation) and the web
 * (form rules). Bodies are strict: an unknown key such as `balance` is refused (ASVS 15.3.3).
 */
import { z } from 'zod';
import { currencyAmountSchema } from './amount-schema.ts';
import { PAGE_SIZE_MAX, TOTAL_CAP } from './api.ts';
import { compareDecimal, DECIMAL_PATTERN } from './decimal.ts';
import { boundedJson, id4, int4, queryId4, safeDate, safeDatetime, safeString } from './input-rules.ts';
import { type FieldDef, fixedCurrency, type ResourceDef, refLabelKey, refPageByKey } from './resource.ts';

export { compareDecimal, DECIMAL_PATTERN };

const STRING_MAX = 255;
const TEXT_MAX = 4000;
const IN_MAX = 100;

// Pure: a module that imports this file for something else (the web's settings page reads the
// settings catalogue) does not keep zod for it.
export const decimalString = /* @__PURE__ */ z.string().trim().regex(DECIMAL_PATTERN);

/** The value of one field as it travels in JSON, with the form's rules when `withRules`. */
export function fieldValueSchema(field: FieldDef, withRules = true): z.ZodType {
  const rules = withRules ? (field.form ?? {}) : {};
  switch (field.type) {
    case 'string':
    case 'text':
    case 'image': {
      let s = safeString()
        .trim()
        .max(rules.max ?? (field.type === 'string' ? STRING_MAX : TEXT_MAX));
      if (rules.min !== undefined) s = s.min(rules.min);
      if (rules.pattern) s = s.regex(new RegExp(`^(?:${rules.pattern})$`));
      return s;
    }
    case 'number': {
      let n = int4();
      if (rules.min !== undefined) n = n.min(rules.min);
      if (rules.max !== undefined) n = n.max(rules.max);
      return n;
    }
    case 'money': {
      const { minAmount, maxAmount } = rules;
      const currency = fixedCurrency(field);
      return (currency ? currencyAmountSchema(currency, 'any') : decimalString)
        .refine((v) => minAmount === undefined || compareDecimal(v, minAmount) >= 0, {
          message: `notBelow:${minAmount}`,
        })
        .refine((v) => maxAmount === undefined || compareDecimal(v, maxAmount) <= 0, {
          message: `notAbove:${maxAmount}`,
        });
    }
    case 'enum': {
      const values = field.options.map((o) => o.value);
      if (field.many) return manyOf(values);
      return values.length ? z.enum(values as [string, ...string[]]) : safeString().max(STRING_MAX);
    }
    case 'boolean':
      return z.boolean();
    case 'datetime':
      return safeDatetime();
    case 'date':
      return safeDate();
    case 'ref':
      return id4();
    case 'json':
      return boundedJson();
  }
}

/** A `many` enum's value: a comma-separated set of its options, each at most once ('alipay,wechat'). */
function manyOf(values: readonly string[]) {
  return safeString()
    .min(1)
    .max(STRING_MAX)
    .refine(
      (v) => {
        const parts = v.split(',');
        return parts.every((p) => values.includes(p)) && new Set(parts).size === parts.length;
      },
      { message: 'manyOptions:' },
    );
}

function keySchema(def: ResourceDef): z.ZodType {
  const field = (def.fields as Record<string, FieldDef>)[def.key];
  return field?.type === 'string' ? safeString().min(1).max(STRING_MAX) : id4();
}

function formFields(def: ResourceDef, mode: 'add' | 'edit'): FieldDef[] {
  return Object.values(def.fields as Record<string, FieldDef>).filter((f) => {
    if (!f.form || f.name === def.key) return false;
    if (mode === 'edit') return !f.form.readonlyOnEdit && !f.form.addOnly;
    return true;
  });
}

function optional(field: FieldDef, schema: z.ZodType): z.ZodType {
  // An optional string may come back empty from a cleared input; other types clear with null.
  return field.type === 'string' || field.type === 'text' || field.type === 'image'
    ? schema.or(z.literal('')).optional()
    : schema.nullable().optional();
}

/** The add body: every form field; required ones must be present. */
export function addBodySchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of formFields(def, 'add')) {
    const v = fieldValueSchema(f);
    shape[f.name] = f.form?.required ? v : optional(f, v);
  }
  return z.strictObject(shape);
}

/** The edit body: the key plus any editable field (partial update); required ones cannot be cleared. */
export function editBodySchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = { [def.key]: keySchema(def) };
  for (const f of formFields(def, 'edit')) {
    const v = fieldValueSchema(f);
    shape[f.name] = f.form?.required ? v.optional() : optional(f, v);
  }
  return z.strictObject(shape);
}

export function removeBodySchema(def: ResourceDef) {
  return z.strictObject({ ids: z.array(keySchema(def)).min(1).max(IN_MAX) });
}

export function getByIdQuerySchema(def: ResourceDef) {
  const field = (def.fields as Record<string, FieldDef>)[def.key];
  return z.strictObject({
    id: field?.type === 'string' ? safeString().min(1).max(STRING_MAX) : queryId4(),
  });
}

/** The value a filter takes: eq a value, in a list, contains a text, between a [from, to] pair. */
export function filterValueSchema(field: FieldDef): z.ZodType {
  const value = fieldValueSchema(field, false);
  switch (field.filter) {
    case 'in':
      return z.array(value).min(1).max(IN_MAX);
    case 'contains':
      return safeString().trim().min(1).max(100);
    case 'between':
      return z.tuple([value.nullable(), value.nullable()]);
    default:
      return value;
  }
}

export function filtersSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of Object.values(def.fields as Record<string, FieldDef>)) {
    if (f.filter) shape[f.name] = filterValueSchema(f).nullable().optional();
  }
  return z.strictObject(shape);
}

export function sortSchema(def: ResourceDef) {
  const sortable = Object.values(def.fields as Record<string, FieldDef>)
    .filter((f) => f.sort && !f.virtual)
    .map((f) => f.name);
  const fields = sortable.length ? sortable : [def.key];
  return z.strictObject({ field: z.enum(fields as [string, ...string[]]), order: z.enum(['asc', 'desc']) });
}

/** Longest keyset cursor accepted (a signed sort value and key; see the server's crud/keyset.ts). */
export const CURSOR_MAX = 600;

/**
 * The list body `{ page, pageSize, filters, sort, cursor?, withTotal? }`. OFFSET paging stops at
 * TOTAL_CAP rows: deeper pages cost a scan of everything before them (performance.md, "deep pages"),
 * so they are read by keyset: `cursor` is the `pager.nextCursor` of the page before, and `page` only
 * labels the page. `withTotal: false` skips the count (the pager already knows it from page 1).
 */
export function findByPageBodySchema(def: ResourceDef) {
  return z
    .strictObject({
      page: int4().min(1).default(1),
      pageSize: int4().min(1).max(PAGE_SIZE_MAX).default(def.pageSize),
      filters: filtersSchema(def).default({}),
      sort: sortSchema(def).optional(),
      cursor: z.string().min(1).max(CURSOR_MAX).optional(),
      withTotal: z.boolean().default(true),
    })
    .refine((b) => b.cursor !== undefined || (b.page - 1) * b.pageSize < TOTAL_CAP, {
      path: ['page'],
      message: `pageCap:${TOTAL_CAP}`,
    });
}

/** One value of a field as an answer carries it (masked values are strings; timestamps are Dates). */
function answerValueSchema(field: FieldDef): z.ZodType {
  switch (field.type) {
    case 'number':
    case 'ref':
      // pg answers numeric and int8 columns as strings: both are declared.
      return z.union([z.number(), z.string()]);
    case 'boolean':
      return z.boolean();
    case 'datetime':
      return z.union([z.date(), z.string()]);
    case 'json':
      return z.json();
    default:
      return z.string();
  }
}

/**
 * A row as answers carry it: the definition's fields only (a column it does not declare, such as a
 * sealed secret, is stripped by the serializer), each optional and nullable. Extend it for extra
 * answer fields (a one-time secret).
 */
export function rowSchema(def: ResourceDef) {
  const shape: Record<string, z.ZodType> = {};
  for (const f of Object.values(def.fields as Record<string, FieldDef>)) {
    if (f.form?.widget === 'password') continue;
    shape[f.name] = answerValueSchema(f).nullable().optional();
    // A reference travels with its label (refs.ts in the registrar).
    if (f.ref) shape[refLabelKey(f.name)] = z.string().nullable().optional();
    if (f.ref?.pageBy) shape[refPageByKey(f.name)] = z.string().nullable().optional();
  }
  return z.object(shape);
}

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function exportBodySchema(def: ResourceDef) {
  return z.strictObject({
    format: z.enum(EXPORT_FORMATS).default('csv'),
    filters: filtersSchema(def).default({}),
    sort: sortSchema(def).optional(),
  });
}

export type FindByPageBody = {
  page: number;
  pageSize: number;
  filters: Record<string, unknown>;
  sort?: { field: string; order: 'asc' | 'desc' };
  cursor?: string;
  withTotal?: boolean;
};
export type ExportBody = {
  format: ExportFormat;
  filters: Record<string, unknown>;
  sort?: { field: string; order: 'asc' | 'desc' };
};
