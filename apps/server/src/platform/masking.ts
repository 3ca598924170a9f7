/**
 * The one masking helper for personal data (PCI DSS 3.4.1). Every answer that carries personal data
 * passes its fields through here unless the session has unmasked.
 */
import { allResources, type FieldDef, type Locale, type MaskKind, type ResourceDef } from '@payops/contracts';
import { ruleError } from './errors.ts';

const stars = (n: number) => '*'.repeat(Math.max(n, 0));

function keepEnds(value: string, head: number, tail: number): string {
  if (value.length <= head + tail)
    return stars(value.length - Math.min(tail, 1)) + value.slice(-Math.min(tail, 1));
  return value.slice(0, head) + stars(value.length - head - tail) + value.slice(value.length - tail);
}

const maskers: Record<MaskKind, (v: string) => string> = {
  name: (v) => {
    const chars = [...v];
    return chars.length <= 1 ? '*' : chars[0] + stars(chars.length - 1);
  },
  phone: (v) => keepEnds(v, 3, 4),
  // PCI DSS 3.4.1: at most the first six and last four digits are shown.
  bankCard: (v) => keepEnds(v.replace(/\s+/g, ''), 6, 4),
  idNumber: (v) => keepEnds(v, 3, 4),
  email: (v) => {
    const at = v.indexOf('@');
    if (at < 1) return keepEnds(v, 1, 0);
    return `${v[0]}${stars(Math.max(at - 1, 3))}${v.slice(at)}`;
  },
  address: (v) => {
    const chars = [...v];
    return chars.slice(0, 6).join('') + stars(Math.min(Math.max(chars.length - 6, 0), 8));
  },
  // Write-only secrets (channel keys): only the last four characters, never more.
  secret: (v) => `******${v.length > 8 ? v.slice(-4) : ''}`,
};

export function mask(kind: MaskKind, value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return value ?? null;
  return maskers[kind](value);
}

/** Masks the named fields of a row unless the session is unmasked (secrets are always masked). */
export function maskRow<T extends Record<string, unknown>>(
  row: T,
  fields: Partial<Record<keyof T, MaskKind>>,
  unmasked: boolean,
): T {
  const out: Record<string, unknown> = { ...row };
  for (const [field, kind] of Object.entries(fields) as [string, MaskKind][]) {
    if (unmasked && kind !== 'secret') continue;
    const v = out[field];
    if (typeof v === 'string') out[field] = mask(kind, v);
  }
  return out as T;
}

/** The mask kind of each field of a definition that has one. */
export function maskKinds(def: ResourceDef): Record<string, MaskKind> {
  const out: Record<string, MaskKind> = {};
  for (const f of Object.values(def.fields as Record<string, FieldDef>)) if (f.mask) out[f.name] = f.mask;
  return out;
}

/** The fields masked by their row's kind (`maskBy`): none for most definitions. */
function maskedByRow(def: ResourceDef): FieldDef[] {
  return Object.values(def.fields as Record<string, FieldDef>).filter((f) => f.maskBy);
}

/**
 * The masks of one row: the definition's fixed ones and those its row's kind decides (maskBy).
 * `kinds` is maskKinds(def), computed once by the caller.
 */
export function rowMaskKinds(
  def: ResourceDef,
  kinds: Record<string, MaskKind>,
): (row: Record<string, unknown>) => Record<string, MaskKind> {
  const byRow = maskedByRow(def);
  if (byRow.length === 0) return () => kinds;
  return (row) => {
    const out = { ...kinds };
    for (const f of byRow) {
      const kind = f.maskBy!.kinds[String(row[f.maskBy!.field])];
      if (kind) out[f.name] = kind;
    }
    return out;
  };
}

/** Whether any field of the definition may be masked (by itself or by its row's kind). */
export function hasMasks(def: ResourceDef): boolean {
  return Object.keys(maskKinds(def)).length > 0 || maskedByRow(def).length > 0;
}

/**
 * A filter on a masked field answers "is it this value?" row by row: an oracle that recovers a
 * phone number from its masked form in a few thousand guesses (issue 18, section 3). Only a session
 * that unmasked (the unmask permission, a code, an audit row) may filter on one.
 */
export function refuseMaskedFilters(
  def: ResourceDef,
  filters: Record<string, unknown>,
  unmasked: boolean,
  locale: Locale,
): void {
  const name = unmasked ? undefined : maskedFilter(def, filters);
  if (name) throw ruleError(`filters.${name}`, 'maskedFilter', locale);
}

/** The first filter given on a masked field, if any. */
export function maskedFilter(def: ResourceDef, filters: Record<string, unknown>): string | undefined {
  const kinds = maskKinds(def);
  for (const [name, value] of Object.entries(filters)) {
    if (kinds[name] && value !== null && value !== undefined && value !== '') return name;
  }
  return undefined;
}

/** Field name -> mask kind over every resource: personal data wherever it appears in audit detail. */
const personalFields: Record<string, MaskKind> = {};
for (const def of allResources) Object.assign(personalFields, { ...maskKinds(def), ...personalFields });

/**
 * Audit detail (before/after/extra, an export's filters) as it may be stored: every personal field
 * masked as lists mask it, so the operation log never shows what the reader could not unmask.
 */
export function maskPersonal(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => maskPersonal(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const kind = personalFields[k];
    if (kind && typeof v === 'string') out[k] = mask(kind, v);
    else if (kind && Array.isArray(v)) out[k] = v.map((x) => (typeof x === 'string' ? mask(kind, x) : x));
    else out[k] = maskPersonal(v, depth + 1);
  }
  return out;
}
