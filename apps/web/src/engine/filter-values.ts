/**
 * The search form's values become the `filters` of a list request, in the shape the contracts'
 * filtersSchema accepts: empty inputs are left out (the schema refuses '' for contains), strings are
 * trimmed, ranges become [from, to] pairs with null for an open end, and times go out in UTC.
 */
import type { FieldDef } from '@payops/contracts/resource';
import type { Dayjs } from 'dayjs';
import type { Filters } from './types.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDayjs(value: unknown): value is Dayjs {
  return typeof value === 'object' && value !== null && 'toISOString' in value && 'startOf' in value;
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every(isEmpty);
  return false;
}

/** A single value as the field's type travels in JSON. */
function scalar(field: FieldDef, value: unknown): unknown {
  if (isEmpty(value)) return null;
  if (isDayjs(value)) return field.type === 'date' ? value.format('YYYY-MM-DD') : value.toISOString();
  if (typeof value === 'string') {
    const text = value.trim();
    if (field.type === 'number' || field.type === 'ref') {
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    }
    if (field.type === 'boolean') return text === 'true';
    return text;
  }
  return value;
}

/**
 * A datetime range picked as whole days covers both days entirely: from the start of the first to the
 * end of the last, in the operator's zone.
 */
function rangeEnd(field: FieldDef, value: unknown, end: 'from' | 'to'): unknown {
  if (field.type === 'datetime' && isDayjs(value)) {
    return (end === 'from' ? value.startOf('day') : value.endOf('day')).toISOString();
  }
  // A day given as text (a filter from the URL), read as the same whole day in the operator's zone.
  const day = field.type === 'datetime' && typeof value === 'string' && DAY.exec(value.trim());
  if (day) {
    const [, y, m, d] = day.map(Number) as [number, number, number, number];
    return (end === 'from' ? new Date(y, m - 1, d) : new Date(y, m - 1, d, 23, 59, 59, 999)).toISOString();
  }
  return scalar(field, value);
}

export function toFilters(fields: FieldDef[], values: Record<string, unknown>): Filters {
  const out: Filters = {};
  for (const field of fields) {
    const value = values[field.name];
    if (!field.filter || isEmpty(value)) continue;
    switch (field.filter) {
      case 'in':
        out[field.name] = (value as unknown[]).map((v) => scalar(field, v));
        break;
      case 'between': {
        const [from, to] = (value as unknown[]) ?? [];
        out[field.name] = [rangeEnd(field, from, 'from'), rangeEnd(field, to, 'to')];
        break;
      }
      default:
        out[field.name] = scalar(field, value);
    }
  }
  return out;
}
