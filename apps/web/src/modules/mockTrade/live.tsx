/**
 * The simulator pages' live strip above a list: the sandbox merchant's card and a "live" tag, and the
 * list refreshed every few seconds (the trade simulator's tabs, the order test page).
 */
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageContext } from '../../engine/types.ts';
import { useLiveTick } from './live-refresh.ts';

// The sandbox merchant's card shows what it fetches; its code (antd's Descriptions) comes the same way.
const SandboxCard = lazy(() => import('./sandbox-card.tsx').then((m) => ({ default: m.SandboxCard })));

/** Refreshes the list it sits above every few seconds; the sandbox card with it. */
export function Live({
  ctx,
  page = 'tradeMock',
  children,
}: {
  ctx: PageContext;
  /** The simulator page it is on: each reads the sandbox merchant under its own permission. */
  page?: 'tradeMock' | 'mockOrderTest';
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const tick = useLiveTick(ctx.refresh);
  return (
    <div>
      <Space align="start">
        <Suspense fallback={null}>
          <SandboxCard tick={tick} page={page} />
        </Suspense>
        <Tag color="processing">{t('mock.live')}</Tag>
      </Space>
      {children}
    </div>
  );
}
