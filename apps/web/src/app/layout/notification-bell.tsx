/**
 * The header bell, the notification centre: the server's providers (approvals waiting for me, unread
 * messages, later overdue disputes and failed callbacks) as one badge with the total, and a popover
 * listing each group's newest items with a way to the whole queue. Polled once a minute; loaded
 * lazily by the header, so Badge, Popover and react-query are not part of the first download.
 */
import BellOutlined from '@ant-design/icons/BellOutlined';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Empty from 'antd/es/empty';
import Popover from 'antd/es/popover';
import Typography from 'antd/es/typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { useShellLabels } from '../../lib/shell-labels.ts';
import { inboxKey } from '../../modules/sys/message-queries.ts';
import { queryClient } from '../query-client.ts';
import { HeaderButton } from './header-button.tsx';

const MessageInbox = lazy(() =>
  import('../../modules/sys/message-inbox.tsx').then((m) => ({ default: m.MessageInbox })),
);

interface Group {
  kind: string;
  count: number;
  link: string;
  items: { id: number; text: string; at: string | null }[];
}

const POLL_MS = 60_000;
/** Under the inbox's key: marking messages read refreshes the bell too. */
const notificationsKey = [...inboxKey, 'notifications'] as const;

/** The header sits outside the pages' QueryHost: the bell brings the same client with it. */
export function NotificationBell() {
  return (
    <QueryClientProvider client={queryClient}>
      <Bell />
    </QueryClientProvider>
  );
}

function Bell() {
  useShellLabels();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [inbox, setInbox] = useState<'closed' | 'open' | 'loaded'>('closed');
  const answer = useQuery({
    queryKey: notificationsKey,
    // Silent: a failed poll in the header should not toast every minute.
    queryFn: () => api<{ total: number; groups: Group[] }>('/api/dashboard/notifications', { silent: true }),
    refetchInterval: POLL_MS,
  });
  const total = answer.data?.total ?? 0;
  const groups = answer.data?.groups ?? [];

  const go = (group: Group) => {
    setOpen(false);
    // Messages are read in the inbox (every operator has one); other queues are pages.
    if (group.kind === 'messages') setInbox('open');
    else navigate(group.link);
  };

  const content = (
    <div style={{ width: 320 }} data-testid="notify-panel">
      {groups.every((g) => g.count === 0) ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notify.none')} />
      ) : (
        groups
          .filter((g) => g.count > 0)
          .map((g) => (
            <div key={g.kind} style={{ marginBottom: 12 }} data-testid={`notify-group-${g.kind}`}>
              <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                <Typography.Text strong>{t(`notify.kind.${g.kind}`, { count: g.count })}</Typography.Text>
                <Button type="link" size="small" onClick={() => go(g)} data-testid={`notify-open-${g.kind}`}>
                  {t(g.kind === 'messages' ? 'notify.openInbox' : 'notify.openQueue')}
                </Button>
              </div>
              {g.items.map((item) => (
                <div key={item.id} className="notify-item">
                  <Typography.Text ellipsis style={{ maxWidth: 300 }}>
                    {item.text}
                  </Typography.Text>
                </div>
              ))}
            </div>
          ))
      )}
    </div>
  );

  return (
    <>
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        title={t('notify.title')}
        content={content}
      >
        <Badge count={total} size="small" offset={[-6, 6]} data-testid="message-badge">
          <HeaderButton
            icon={<BellOutlined />}
            title={t('notify.badge', { count: total })}
            data-testid="message-bell"
          />
        </Badge>
      </Popover>
      {inbox !== 'closed' && (
        <Suspense fallback={null}>
          <MessageInbox open={inbox === 'open'} onClose={() => setInbox('loaded')} />
        </Suspense>
      )}
    </>
  );
}
