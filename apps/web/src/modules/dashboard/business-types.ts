import type { QueueKey } from '@payops/contracts/dashboard';

/** The answer of GET /api/dashboard/business (apps/server/src/modules/dashboard/business.routes.ts). */
export interface DayFigures {
  day: string;
  /** The day's first and last instant in the platform's zone (the links' createdAt filter). */
  fromAt: string;
  toAt: string;
  count: number;
  amount: string;
  successCount: number;
  successAmount: string;
  successRate: string | null;
}

export interface Business {
  /** The last 7 days, oldest first (today last); null without the list permission. */
  deposits: DayFigures[] | null;
  withdrawals: DayFigures[] | null;
  /** Each queue's count; null for a queue whose list the operator may not open. */
  queues: Record<QueueKey, number | null> | null;
  passages: {
    healthy: number;
    degraded: number;
    down: number;
    unhealthy: { id: number; name: string; health: string }[];
  } | null;
}

/**
 * A list filtered by the URL (CONTRIBUTING, "Links to a filtered list"): the values are dates and
 * state names, safe in a query as they are.
 */
export function listLink(pagePath: string, params: Record<string, string>): string {
  const query = Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return query ? `${pagePath}?${query}` : pagePath;
}
