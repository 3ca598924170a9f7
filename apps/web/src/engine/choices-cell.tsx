/**
 * A field whose value is a set of another resource's codes (`choices`, comma separated: a member's
 * finance tags) shows each code as its record's label, in the operator's language as the operators
 * named them. The codes of every cell on screen are resolved together, one `options` call with `ids`
 * per resource, and remembered a minute (labels change rarely; a list refreshed after that asks
 * again). A code without a record, or before its label arrives, shows as itself.
 */
import { type OptionsAnswer, optionsPath } from '@payops/contracts/options';
import type { FieldDef, ResourceDef } from '@payops/contracts/resource';
import { useEffect, useReducer } from 'react';
import { api } from '../lib/api.ts';
import { useResourceDef } from './resource-registry.ts';
import type { Row } from './types.ts';

const REMEMBER_MS = 60_000;

interface Batch {
  codes: Set<string>;
  done: Promise<void>;
}

/** Label per `<options path>|<value field>|<code>`, with when it was read. */
const labels = new Map<string, { label: string; at: number }>();
/** Codes asked for in this tick, per options path and value field: sent together. */
const batches = new Map<string, Batch>();

const keyOf = (path: string, valueField: string, code: string) => `${path}|${valueField}|${code}`;

function resolve(target: ResourceDef, valueField: string, codes: string[]): Promise<void> | null {
  const path = optionsPath(target);
  const now = Date.now();
  const missing = codes.filter((c) => {
    const known = labels.get(keyOf(path, valueField, c));
    return !known || now - known.at > REMEMBER_MS;
  });
  if (missing.length === 0) return null;
  const batchKey = `${path}|${valueField}`;
  const open = batches.get(batchKey);
  if (open) {
    for (const c of missing) open.codes.add(c);
    return open.done;
  }
  const asked = new Set(missing);
  const done = Promise.resolve().then(async () => {
    batches.delete(batchKey);
    const ids = [...asked];
    // Without the labels (an operator who may not read the codes' resource) the codes show: no toast.
    const found = await api<OptionsAnswer>(path, {
      method: 'POST',
      body: { ids, valueField, page: 1, pageSize: ids.length },
      silent: true,
    }).then(
      (answer) => answer.list,
      () => [],
    );
    const at = Date.now();
    // A code the answer lacks is remembered as itself: not asked again on every render.
    for (const id of ids) labels.set(keyOf(path, valueField, id), { label: id, at });
    for (const o of found) labels.set(keyOf(path, valueField, String(o.value)), { label: o.label, at });
  });
  batches.set(batchKey, { codes: asked, done });
  return done;
}

export function ChoicesCell({ field, row }: { field: FieldDef; row: Row }) {
  const target = useResourceDef(field.choices?.resource);
  const value = row[field.name];
  const codes = typeof value === 'string' ? value.split(',').filter(Boolean) : [];
  const valueField = field.choices?.valueField ?? '';
  const [, labelsArrived] = useReducer((n: number) => n + 1, 0);
  const wanted = codes.join(',');
  useEffect(() => {
    if (!target || !wanted) return;
    let live = true;
    void resolve(target, valueField, wanted.split(','))?.then(() => live && labelsArrived());
    return () => {
      live = false;
    };
  }, [target, valueField, wanted]);
  if (codes.length === 0) return <span className="engine-blank">-</span>;
  const path = target ? optionsPath(target) : '';
  const shown = codes.map((c) => labels.get(keyOf(path, valueField, c))?.label ?? c);
  return (
    <span data-codes={wanted} title={wanted}>
      {shown.join(', ')}
    </span>
  );
}
