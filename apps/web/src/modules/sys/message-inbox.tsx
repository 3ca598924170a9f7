/**
 * The operator's inbox in a drawer: published messages, newest first, unread ones tagged. Opening a
 * message marks it read; "mark all as read" clears the page at once.
 */
import Button from 'antd/es/button';
import Collapse from 'antd/es/collapse';
import Drawer from 'antd/es/drawer';
import Empty from 'antd/es/empty';
import Pagination from 'antd/es/pagination';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATETIME_FORMAT } from '../../engine/cell-value.tsx';
import { useInbox, useMarkRead } from './message-queries.ts';
import { useSysLabels } from './sys-labels.ts';

export function MessageInbox({ open, onClose }: { open: boolean; onClose: () => void }) {
  useSysLabels();
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const inbox = useInbox(page, open);
  const markRead = useMarkRead();
  const list = inbox.data?.list ?? [];
  const unread = list.filter((m) => !m.read).map((m) => m.id);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('sysPage.inbox')}
      size="large"
      data-testid="inbox"
      extra={
        <Button
          disabled={unread.length === 0}
          onClick={() => void markRead(unread).catch(() => undefined)}
          data-testid="inbox-read-all"
        >
          {t('sysPage.markAllRead')}
        </Button>
      }
    >
      {inbox.isLoading ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty description={t('engine.empty')} />
      ) : (
        <>
          <Collapse
            accordion
            onChange={(keys) => {
              const id = Number([keys].flat()[0]);
              const m = list.find((x) => x.id === id);
              if (m && !m.read) void markRead([id]).catch(() => undefined);
            }}
            items={list.map((m) => ({
              key: String(m.id),
              label: (
                <span data-testid={`inbox-${m.id}`}>
                  <Tag color={m.read ? 'default' : 'red'}>
                    {t(m.read ? 'sysPage.read' : 'sysPage.unread')}
                  </Tag>
                  <Typography.Text strong={!m.read}>{m.title}</Typography.Text>
                </span>
              ),
              extra: m.publishedAt ? dayjs(m.publishedAt).format(DATETIME_FORMAT) : undefined,
              children: (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{m.content}</Typography.Paragraph>
              ),
            }))}
          />
          <Pagination
            style={{ marginTop: 12 }}
            current={page}
            pageSize={20}
            total={inbox.data?.pager.total ?? 0}
            onChange={setPage}
            size="small"
          />
        </>
      )}
    </Drawer>
  );
}
