/**
 * The header's unread-message badge: polled once a minute; a click opens the inbox. Loaded lazily by
 * the header, so its Badge and the inbox drawer are not part of the first download.
 */
import BellOutlined from '@ant-design/icons/BellOutlined';
import { QueryClientProvider } from '@tanstack/react-query';
import Badge from 'antd/es/badge';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderButton } from '../../app/layout/header-button.tsx';
import { queryClient } from '../../app/query-client.ts';
import { useUnreadCount } from './message-queries.ts';
import { useSysLabels } from './sys-labels.ts';

const MessageInbox = lazy(() => import('./message-inbox.tsx').then((m) => ({ default: m.MessageInbox })));

/** The header sits outside the pages' QueryHost: the bell brings the same client with it. */
export function MessageBell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Bell />
    </QueryClientProvider>
  );
}

function Bell() {
  useSysLabels();
  const { t } = useTranslation();
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const count = unread.data?.count ?? 0;
  return (
    <>
      <Badge count={count} size="small" offset={[-6, 6]} data-testid="message-badge">
        <HeaderButton
          icon={<BellOutlined />}
          title={t('sysPage.unreadCount', { count })}
          onClick={() => {
            setLoaded(true);
            setOpen(true);
          }}
          data-testid="message-bell"
        />
      </Badge>
      {loaded && (
        <Suspense fallback={null}>
          <MessageInbox open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
