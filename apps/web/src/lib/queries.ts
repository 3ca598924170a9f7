/** Query keys and fetchers of the shell, shared by the header, the menu and the dashboard. */
import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';
import { useAuthStore } from './auth-store.ts';
import type { CurrentUser, ExchangeRate, MenuGroup } from './server-types.ts';

export const queryKeys = {
  current: ['current'] as const,
  menu: ['menu'] as const,
  rates: ['rates'] as const,
  orderCounts: ['orderCounts'] as const,
  overview: ['dashboard', 'overview'] as const,
};

export function useCurrentUser() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: queryKeys.current,
    queryFn: () => api<CurrentUser>('/api/current'),
    enabled: !!token,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMenu() {
  const token = useAuthStore((s) => s.token);
  return useQuery({
    queryKey: queryKeys.menu,
    queryFn: () => api<MenuGroup[]>('/api/menu'),
    enabled: !!token,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Header ticker: refreshed every 60 s (spec §9). */
export function useExchangeRates() {
  return useQuery({
    queryKey: queryKeys.rates,
    queryFn: () => api<ExchangeRate[]>('/mockTrade/getLatestExchangeRate', { silent: true }),
    refetchInterval: 60_000,
  });
}
