/**
 * tradeMock/tradeMockSon: the simulator's control page. Its lists are definitions (the automatic
 * traders, the sandbox's trade orders), refreshed live; the panels above drive the sandbox: start and
 * stop the automatic traders, set the mock rate, act on one order as its trader or as the operator.
 */
import { tradeMockTraders } from '@payops/contracts/resources/mockTrade/mock-traders';
import Space from 'antd/es/space';
import Tag from 'antd/es/tag';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { PageContext, ResourceOverrides } from '../../engine/types.ts';
import { useLiveTick } from './live-refresh.ts';
import { useMockLabels } from './mock-labels.ts';
import { RatePanel } from './rate-panel.tsx';
import { SandboxCard } from './sandbox-card.tsx';
import { TradersPanel } from './traders-panel.tsx';

function Header({ ctx }: { ctx: PageContext }) {
  const { t } = useTranslation();
  const tick = useLiveTick(ctx.refresh);
  return (
    <div>
      <Space align="start">
        <SandboxCard tick={tick} />
        <Tag color="processing">{t('mock.live')}</Tag>
      </Space>
      <TradersPanel onChanged={ctx.refresh} />
      <RatePanel />
    </div>
  );
}

export function TradeMockPage() {
  useMockLabels();
  const overrides = useMemo<ResourceOverrides>(() => ({ header: (ctx) => <Header ctx={ctx} /> }), []);
  return <ResourcePage def={tradeMockTraders} overrides={overrides} />;
}
