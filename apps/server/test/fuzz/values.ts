/**
 * Hostile value classes per JSON-schema field type (issue 18, "Done when"). Every value here is
 * invalid for the field it is put in, so a request carrying one must be refused and change nothing.
 */

export type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  additionalProperties?: boolean | JsonSchema;
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  default?: unknown;
};

export interface ValueClass {
  name: string;
  value: unknown;
}

/** Stands for a 5,000-deep array in a value; `serialize` expands it (JSON.stringify would overflow). */
const DEEP_MARK = '__fuzz_deep_5000__';
const DEEP_TEXT = `${'['.repeat(5000)}1${']'.repeat(5000)}`;

export function serialize(value: unknown): string {
  return JSON.stringify(value).replaceAll(`"${DEEP_MARK}"`, DEEP_TEXT);
}

export const NUL = { name: 'NUL', value: 'a\u0000b' };
export const LONE_SURROGATE = { name: 'lone surrogate', value: 'a\ud800b' };
export const VERY_LONG = { name: 'very long string', value: 'x'.repeat(70_000) };
export const DEEP_JSON = { name: 'deep JSON', value: DEEP_MARK };
/** Past every JSON field's size bound (16 KB) while under the body limit (a body past it is a 413). */
export const HUGE_JSON = {
  name: 'huge JSON',
  value: Array.from({ length: 2_000 }, (_, i) => ({ k: i, v: 'fuzz' })),
};
const INT_EDGES: ValueClass[] = [
  { name: 'int32 max + 1', value: 2_147_483_648 },
  { name: 'int32 min - 1', value: -2_147_483_649 },
  { name: 'int64-ish 2^53', value: 9_007_199_254_740_992 },
  { name: 'fraction', value: 1.5 },
  { name: '+1e308', value: 1e308 },
  { name: '-1e308', value: -1e308 },
];
const NAN_LIKE: ValueClass[] = [
  { name: 'NaN string', value: 'NaN' },
  { name: 'Infinity string', value: 'Infinity' },
  { name: '1e308 string', value: '1e308' },
];
const DATES_OUT: ValueClass[] = [
  { name: 'year 0', value: '0000-01-01T00:00:00Z' },
  { name: 'year 275760+', value: '+275761-01-01T00:00:00Z' },
  { name: 'year 9999', value: '9999-12-31T23:59:59Z' },
];
const WRONG_TYPES: Record<string, ValueClass> = {
  string: { name: 'object for a string', value: { a: 1 } },
  integer: { name: 'string for an integer', value: '12abc' },
  number: { name: 'boolean for a number', value: true },
  boolean: { name: 'string for a boolean', value: 'yes' },
  array: { name: 'string for an array', value: 'not-an-array' },
  object: { name: 'array for an object', value: [1, 2] },
};

export function typeOf(schema: JsonSchema): string {
  const t = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  if (t) return t;
  if (schema.enum) return 'enum';
  if (schema.properties) return 'object';
  return 'json';
}

/** The classes that are invalid for a field of this schema. */
export function hostileFor(schema: JsonSchema): ValueClass[] {
  const t = typeOf(schema);
  switch (t) {
    case 'string': {
      const out = [NUL, LONE_SURROGATE, VERY_LONG, WRONG_TYPES.string!, DEEP_JSON];
      if (schema.format === 'date-time' || schema.format === 'date') out.push(...DATES_OUT);
      // A decimal string (money) or a patterned string: the NaN-like forms that break its pattern
      // ("Infinity" is a fine role code, not a fine amount).
      const pattern = schema.pattern ? new RegExp(schema.pattern) : null;
      if (pattern) out.push(...NAN_LIKE.filter((c) => !pattern.test(String(c.value))));
      return out;
    }
    case 'integer':
      return [...INT_EDGES, ...NAN_LIKE, WRONG_TYPES.integer!];
    case 'number':
      return [...NAN_LIKE, WRONG_TYPES.number!, DEEP_JSON];
    case 'boolean':
      return [WRONG_TYPES.boolean!, NUL];
    case 'enum':
      return [NUL, LONE_SURROGATE, { name: 'not in the enum', value: 'fuzz-not-an-option' }];
    case 'array':
      return [WRONG_TYPES.array!, DEEP_JSON, HUGE_JSON, { name: 'array of NUL', value: ['a\u0000'] }];
    case 'object':
      return [WRONG_TYPES.object!, DEEP_JSON, { name: 'unknown field', value: { __fuzz: 'a\u0000' } }];
    default:
      // A JSON field: any shape is allowed, but not any depth, size or text.
      return [DEEP_JSON, HUGE_JSON, NUL, { name: 'NUL inside JSON', value: { a: ['x\u0000'] } }];
  }
}

/** A plausible value for a field, so that the one hostile value is the only thing wrong. */
export function plausible(schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const branch = schema.anyOf ?? schema.oneOf;
  if (branch?.length) return plausible(branch.find((b) => b.type !== 'null') ?? branch[0]!);
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'date-time') return '2026-01-01T00:00:00Z';
      if (schema.format === 'date') return '2026-01-01';
      if (schema.pattern?.includes('\\d')) return '1';
      return 'fuzz'.padEnd(Math.max(schema.minLength ?? 0, 4), 'z');
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    case 'array': {
      if (schema.prefixItems) return schema.prefixItems.map(plausible);
      const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      return items ? [plausible(items)] : [];
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of schema.required ?? []) out[k] = plausible(schema.properties?.[k] ?? {});
      return out;
    }
    default:
      return {};
  }
}

/** A small deterministic choice of `n` classes out of a list, rotating with `seed`. */
export function sample<T>(list: T[], n: number, seed: number): T[] {
  if (list.length <= n) return list;
  return Array.from({ length: n }, (_, i) => list[(seed + i * 7) % list.length]!);
}
