/**
 * The requests of a resource, all through the shell's api() (it shows error toasts and handles the
 * 17017 authenticator-code retry). Paths come from the definition's actions, never rebuilt here.
 */
import { type ActionNotice, NOTICE_LEVELS } from '@payops/contracts/api';
import type { ActionDef, ResourceDef } from '@payops/contracts/resource';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../lib/api.ts';
import type { Filters, ListAnswer, Row, SortState } from './types.ts';

export interface ListRequest {
  page: number;
  pageSize: number;
  filters: Filters;
  sort?: SortState;
}

/** Every query of a resource starts with this key, so one invalidation refreshes them all. */
export const resourceKey = (def: ResourceDef) => ['resource', def.name] as const;

export function useResourceList(def: ResourceDef, request: ListRequest, enabled = true) {
  const path = def.actions.list?.path ?? `${def.api}/findByPage`;
  return useQuery({
    queryKey: [...resourceKey(def), 'list', request],
    queryFn: () => api<ListAnswer>(path, { method: 'POST', body: request }),
    // The old page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Refreshes every query of `def`, and of the lists a change to it changes too (`also`). */
export function useRefreshResource(
  def: ResourceDef,
  also: readonly ResourceDef[] = NO_DEFS,
): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(
    async () =>
      void (await Promise.all(
        [def, ...also].map((d) => client.invalidateQueries({ queryKey: resourceKey(d) })),
      )),
    [client, def, also],
  );
}

const NO_DEFS: readonly ResourceDef[] = [];

/** The answer's notice (contracts ActionNotice), when it carries one: the server's word instead of "done". */
export function noticeOf(answer: unknown): ActionNotice | null {
  const notice = (answer as { notice?: Partial<ActionNotice> } | null)?.notice;
  return notice && typeof notice.text === 'string' && NOTICE_LEVELS.includes(notice.level!)
    ? (notice as ActionNotice)
    : null;
}

export function saveRow(def: ResourceDef, kind: 'add' | 'edit', body: () => Promise<Row> | Row) {
  const action = def.actions[kind];
  if (!action) throw new Error(`${def.name} has no ${kind} action`);
  return api<Row>(action.path, { method: 'POST', bodyFactory: async () => body() });
}

export function removeRows(def: ResourceDef, ids: unknown[]) {
  const action = def.actions.remove;
  if (!action) throw new Error(`${def.name} has no remove action`);
  return api<{ removed: number }>(action.path, { method: 'POST', body: { ids } });
}

/**
 * A custom action's default request: the row's key, the selected keys, or nothing (plus what a
 * transition's dialog collected). A money-moving transition carries one Idempotency-Key per attempt:
 * api()'s resend after a code prompt reuses it, so the money moves once.
 */
export function runAction(
  def: ResourceDef,
  action: ActionDef,
  rows: Row[],
  input: Row = {},
  /** The inputs of the caller's dialog: a refusal naming only these is placed under them (field-errors.ts). */
  fields?: readonly string[],
) {
  const ids = rows.map((r) => r[def.key]);
  const body = action.scope === 'row' ? { id: ids[0] } : action.scope === 'batch' ? { ids } : {};
  const transition = action.transition ? def.lifecycle?.transitions[action.transition] : undefined;
  const headers = transition?.idempotent ? { 'Idempotency-Key': newIdempotencyKey() } : undefined;
  return api(action.path, { method: 'POST', body: { ...body, ...input }, headers, fields });
}

/** A key for one money-moving attempt (Stripe's model, security.md "Money"). */
export function newIdempotencyKey(): string {
  return `web-${crypto.randomUUID()}`;
}
