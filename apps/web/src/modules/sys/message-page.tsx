/**
 * sys/message: composing (add/edit of drafts), publishing once (the definition's confirmed row
 * action), and the operator's own read state in the inbox drawer. Published messages cannot change:
 * the lifecycle makes drafts the only editable state, so edit, publish and delete show only on them.
 */
import { message } from '@payops/contracts/resources/sys/message';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides } from '../../engine/types.ts';
import { useUnreadCount } from './message-queries.ts';
import { useSysLabels } from './sys-labels.ts';

const MessageInbox = lazy(() => import('./message-inbox.tsx').then((m) => ({ default: m.MessageInbox })));

function InboxButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const unread = useUnreadCount();
  return (
    <>
      <Badge count={unread.data?.count ?? 0} size="small">
        <Button onClick={() => setOpen(true)} data-testid="open-inbox">
          {t('sysPage.inbox')}
        </Button>
      </Badge>
      {open && (
        <Suspense fallback={null}>
          <MessageInbox open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export function MessagePage() {
  useSysLabels();
  const overrides = useMemo<ResourceOverrides>(() => ({ toolbarExtra: () => <InboxButton /> }), []);
  return <ResourcePage def={message} overrides={overrides} />;
}
