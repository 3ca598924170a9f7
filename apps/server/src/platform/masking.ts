/**
 * The one masking helper for personal data (PCI DSS 3.4.1). Every answer that carries personal data
 * passes its fields through here unless the session has unmasked.
 */
import type { MaskKind } from '@payops/contracts';

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
