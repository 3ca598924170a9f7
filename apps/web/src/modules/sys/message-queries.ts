/** The operator's own inbox: unread count (header badge) and read state, shared by page and header. */
import { message } from '@payops/contracts/resources/sys/message';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/api.ts';

export interface InboxMessage {
  id: number;
  title: string;
  content: string;
  publishedAt: string | null;
  readAt: string | null;
  read: boolean;
}

export const inboxKey = ['inbox'] as const;
const UNREAD_POLL_MS = 60_000;

export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: [...inboxKey, 'unread'],
    // Silent: a failed poll in the header should not toast every minute.
    queryFn: () => api<{ count: number }>(`${message.api}/unreadCount`, { silent: true }),
    refetchInterval: UNREAD_POLL_MS,
    enabled,
  });
}

export function useInbox(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...inboxKey, 'mine', page],
    queryFn: () =>
      api<{ list: InboxMessage[]; pager: { page: number; pageSize: number; total: number } }>(
        `${message.api}/mine`,
        { method: 'POST', body: { page, pageSize: 20 } },
      ),
    enabled,
  });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useCallback(
    async (ids: number[]) => {
      if (ids.length === 0) return;
      await api(`${message.api}/markRead`, { method: 'POST', body: { ids } });
      await client.invalidateQueries({ queryKey: inboxKey });
    },
    [client],
  );
}
