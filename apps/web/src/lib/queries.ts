/**
 * The shell's own server data (current operator, menu, rates, header counts) in a small store.
 * Pages use @tanstack/react-query (app/query-host.tsx); the frame does not, so that react-query's
 * 12 KB gzip stays out of the first download (performance.md: login + shell ≤ 200 KB).
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { api } from './api.ts';
import { useAuthStore } from './auth-store.ts';
import type { CurrentUser, ExchangeRate, MenuGroup } from './server-types.ts';

interface ShellDataState {
  values: Record<string, unknown>;
}

const useShellData = create<ShellDataState>(() => ({ values: {} }));
const inflight = new Map<string, Promise<void>>();

/** Fetches `key` now (one request at a time per key) and stores its answer; failures keep the old value. */
export function loadShellData(key: string, fetcher: () => Promise<unknown>): Promise<void> {
  const running = inflight.get(key);
  if (running) return running;
  const run = fetcher()
    .then((value) => useShellData.setState((s) => ({ values: { ...s.values, [key]: value } })))
    .catch(() => {
      // The client already showed the error.
    })
    .finally(() => inflight.delete(key));
  inflight.set(key, run);
  return run;
}

/** Forgets every answer: after sign-in, so one operator never sees another's menu. */
export function clearShellData(): void {
  useShellData.setState({ values: {} });
}

export function useShellValue<T>(
  key: string,
  fetcher: () => Promise<T>,
  opts: { enabled?: boolean; refetchMs?: number } = {},
): { data: T | undefined } {
  const data = useShellData((s) => s.values[key]) as T | undefined;
  const enabled = opts.enabled ?? true;
  const loaded = data !== undefined;
  // The fetcher is read when the effect runs; callers pass a fresh closure each render.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!enabled) return;
    if (!loaded) void loadShellData(key, fetcher);
    if (!opts.refetchMs) return;
    const timer = setInterval(() => void loadShellData(key, fetcher), opts.refetchMs);
    return () => clearInterval(timer);
  }, [key, enabled, opts.refetchMs]);
  return { data };
}

export const fetchCurrentUser = () => api<CurrentUser>('/api/current');

export function useCurrentUser() {
  const token = useAuthStore((s) => s.token);
  return useShellValue('current', fetchCurrentUser, { enabled: !!token });
}

export function useMenu() {
  const token = useAuthStore((s) => s.token);
  return useShellValue('menu', () => api<MenuGroup[]>('/api/menu'), { enabled: !!token });
}

/** Header ticker: refreshed every 60 s (spec §9). */
export function useExchangeRates() {
  return useShellValue(
    'rates',
    () => api<ExchangeRate[]>('/mockTrade/getLatestExchangeRate', { silent: true }),
    { refetchMs: 60_000 },
  );
}
