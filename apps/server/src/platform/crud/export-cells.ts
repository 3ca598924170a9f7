/**
 * One value of an exported row as finance reads it (issue 17 item 12): amounts as numbers cut to their
 * currency's scale, rates as percentages, times in the platform's zone as the screen shows them, enums
 * and yes/no as their labels in the operator's language, references and sets of codes by the labels
 * of the records they name. The CSV and .xlsx writers (export.ts) only
 * lay these cells out.
 */
import {
  currencyRule,
  type FieldDef,
  fractionToPercent,
  type Locale,
  localText,
  MONEY_MAX_SCALE,
  type ResourceDef,
  refLabelKey,
} from '@payops/contracts';
import { truncateMoney } from '@payops/contracts/decimal';
import type { Row } from './query.ts';

export type Cell =
  | { kind: 'blank' }
  | { kind: 'text'; text: string }
  /** `value` is exact decimal text; `scale` the decimals shown (money), null for plain numbers. */
  | { kind: 'number'; value: string; scale: number | null }
  /** A fraction ('0.012') shown as a percentage. */
  | { kind: 'percent'; value: string }
  /** A moment, with its wall-clock reading in the platform's zone. */
  | { kind: 'time'; wall: WallClock };

/** Calendar fields of a moment as a clock in the zone reads it. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export const DEFAULT_CURRENCY = 'CNY';

/** Decimals of an amount: the currency's scale (money.ts); an unknown code keeps the stored 8. */
export function currencyScale(code: string | null | undefined): number {
  return currencyRule((code ?? DEFAULT_CURRENCY).toUpperCase())?.scale ?? MONEY_MAX_SCALE;
}

function currencyOf(field: FieldDef, row: Row): string {
  const c = field.currency;
  if (typeof c === 'string') return c;
  if (c && typeof row[c.field] === 'string') return row[c.field] as string;
  return DEFAULT_CURRENCY;
}

const yesNo: Record<Locale, [string, string]> = { 'zh-CN': ['是', '否'], 'en-US': ['Yes', 'No'] };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-11-23 14:05:09`, the screen's format (DATETIME_FORMAT of the web's engine). */
export function wallText(w: WallClock): string {
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** Reads moments in one zone; made once per export (Intl formatters are costly to build). */
export function wallClockIn(timeZone: string): (d: Date) => WallClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (d) => {
    const parts: Record<string, number> = {};
    for (const p of format.formatToParts(d)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
    return {
      year: parts.year!,
      month: parts.month!,
      day: parts.day!,
      hour: parts.hour!,
      minute: parts.minute!,
      second: parts.second!,
    };
  };
}

export interface CellContext {
  def: ResourceDef;
  locale: Locale;
  wallClock: (d: Date) => WallClock;
}

function label(ctx: CellContext, key: string, fallback: string): string {
  return ctx.def.labels[ctx.locale][key] ?? fallback;
}

export function toCell(ctx: CellContext, field: FieldDef, row: Row): Cell {
  const value = row[field.name];
  // A ref or a set of codes is written as the cell shows it: by the label the rows carry (refs.ts,
  // choices.ts); a report's "no passage" has a label and no record. Without a label, the value.
  if (field.ref || field.choices) {
    const shown = row[refLabelKey(field.name)];
    if (typeof shown === 'string' && shown !== '')
      return { kind: 'text', text: localText(shown, ctx.locale) };
  }
  if (value === null || value === undefined || value === '') return { kind: 'blank' };
  if (value instanceof Date) return { kind: 'time', wall: ctx.wallClock(value) };
  if (typeof value === 'boolean') return { kind: 'text', text: yesNo[ctx.locale][value ? 0 : 1] };
  switch (field.type) {
    case 'enum': {
      // A `many` field's value is a comma-separated set: each option by its label, as the cell shows it.
      const values = field.many ? String(value).split(',').filter(Boolean) : [String(value)];
      const labelOf = (v: string) => {
        const option = field.options.find((o) => o.value === v);
        return option ? label(ctx, option.label, v) : v;
      };
      return { kind: 'text', text: values.map(labelOf).join(', ') };
    }
    case 'datetime':
      return typeof value === 'string'
        ? { kind: 'time', wall: ctx.wallClock(new Date(value)) }
        : { kind: 'text', text: String(value) };
    case 'money': {
      const text = String(value);
      if (!isDecimal(text)) return { kind: 'text', text };
      if (field.display === 'percent') return { kind: 'percent', value: text };
      const scale = currencyScale(currencyOf(field, row));
      // Cut, never rounded: the figure the screen shows (architecture.md), so totals reconcile.
      return { kind: 'number', value: truncateMoney(text, scale), scale };
    }
    case 'number':
      return typeof value === 'number' || isDecimal(String(value))
        ? { kind: 'number', value: String(value), scale: null }
        : { kind: 'text', text: String(value) };
    default:
      if (typeof value === 'object') return { kind: 'text', text: JSON.stringify(value) };
      // A text the system wrote (`@timeout`, `@system`) in the reader's language, as the cell shows it.
      return { kind: 'text', text: localText(String(value), ctx.locale) };
  }
}

function isDecimal(text: string): boolean {
  return /^-?\d+(\.\d+)?$/.test(text);
}

/** The text a cell reads as in CSV (and in any other plain-text view). */
export function cellText(cell: Cell): string {
  switch (cell.kind) {
    case 'blank':
      return '';
    case 'text':
      return cell.text;
    case 'number':
      return cell.value;
    case 'percent':
      return `${fractionToPercent(cell.value)}%`;
    case 'time':
      return wallText(cell.wall);
  }
}

/** Header of a column: its label in the operator's language; times name their zone. */
export function columnTitle(ctx: CellContext, field: FieldDef, timeZone: string): string {
  const title = label(ctx, field.label, field.name);
  return field.type === 'datetime' ? `${title} (${timeZone})` : title;
}
