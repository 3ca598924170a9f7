/**
 * List filters from the URL (issue 9): `?status=in_audit&createdAt=2026-11-01,2026-11-23&detail=12`.
 * Each parameter named after a filter field becomes that field's search-form value (so the form shows
 * it and the operator can change it); `detail` names a record whose drawer opens. Header badges and
 * cross-links open filtered lists this way.
 */
import type { FieldDef, ResourceDef } from '@payops/contracts/resource';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

export const DETAIL_PARAM = 'detail';

function one(field: FieldDef, text: string): unknown {
  if (field.type === 'number' || field.type === 'ref') {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  // Dates stay text (YYYY-MM-DD): the picker and filter-values.ts read them; dayjs is not loaded here.
  if (field.type === 'datetime' || field.type === 'date') return text || null;
  if (field.type === 'boolean') return text;
  return text;
}

/** The search form's values given by the URL, for the definition's filter fields only. */
export function urlFilterValues(def: ResourceDef, search: string): Record<string, unknown> {
  const params = new URLSearchParams(search);
  const out: Record<string, unknown> = {};
  for (const field of Object.values(def.fields as Record<string, FieldDef>)) {
    const text = params.get(field.name);
    if (!field.filter || text === null || text === '') continue;
    if (field.filter === 'between') {
      const [from = '', to = ''] = text.split(',');
      out[field.name] = [one(field, from), one(field, to)];
    } else if (field.filter === 'in') {
      out[field.name] = text.split(',').map((v) => one(field, v));
    } else {
      out[field.name] = one(field, text);
    }
  }
  return out;
}

export function urlDetailKey(search: string): string | null {
  return new URLSearchParams(search).get(DETAIL_PARAM);
}

/** The link to a record: its page filtered to it (when the key is filterable) with its detail open. */
export function recordPath(def: ResourceDef, key: unknown): string {
  const id = encodeURIComponent(String(key));
  const keyField = (def.fields as Record<string, FieldDef>)[def.key];
  const filter = keyField?.filter === 'eq' ? `${def.key}=${id}&` : '';
  return `${def.pagePath}?${filter}${DETAIL_PARAM}=${id}`;
}

export interface UrlListState {
  search: string;
  /** The search form's values the URL gives. */
  values: Record<string, unknown>;
  /** The key of the record whose detail the URL opens. */
  detail: string | null;
}

const readUrl = (def: ResourceDef, search: string): UrlListState => ({
  search,
  values: urlFilterValues(def, search),
  detail: urlDetailKey(search),
});

/**
 * The URL's list state for a page's own list: read once for the first render (so the first request
 * already carries the filters), and again whenever the URL's query changes while the page shows (a
 * badge or a link opening the kept-alive page anew). The page's own list is the definition that says
 * so (`pageList`: tradeOrderList on trade_approve_order_page), mounted at its page path; a second
 * list on the page (it would take the first one's `?detail=` and filters as its own) and a list in a
 * dialog or drawer (mounted elsewhere) read nothing.
 */
export function useUrlListState(def: ResourceDef, onChange: (state: UrlListState) => void): UrlListState {
  const location = useLocation();
  const [mountPath] = useState(location.pathname);
  const active = def.pageList && mountPath === def.pagePath && location.pathname === mountPath;
  const [initial] = useState(() => readUrl(def, active ? location.search : ''));
  const seen = useRef(initial.search);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    if (!active || location.search === seen.current) return;
    seen.current = location.search;
    latest.current(readUrl(def, location.search));
  }, [active, def, location.search]);
  return initial;
}
