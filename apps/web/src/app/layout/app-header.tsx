/**
 * The header (spec §2): collapse, breadcrumb, exchange-rate ticker, order-count badges, refresh,
 * fullscreen, theme drawer, language switch, size switch, user dropdown.
 */
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SkinOutlined from '@ant-design/icons/SkinOutlined';
import { Permission } from '@payops/contracts/permissions';
import ConfigProvider from 'antd/es/config-provider';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { usePageReload } from '../../lib/page-reload.ts';
import { useCan } from '../../lib/permissions.tsx';
import { useSettings } from '../../lib/settings-store.ts';
import { LanguageSwitch } from '../language-switch.tsx';
import { pageMeta } from '../page-meta.ts';
import { darkAlgorithm } from '../theme.ts';
import { FullscreenButton } from './fullscreen-button.tsx';
import { HeaderButton } from './header-button.tsx';
import { HeaderTicker } from './header-ticker.tsx';
import { SizeSwitch } from './size-switch.tsx';
import { UserMenu } from './user-menu.tsx';

// Only operators with the permission see the badges (Badge and dayjs come with them).
const OrderBadges = lazy(() => import('./order-badges.tsx').then((m) => ({ default: m.OrderBadges })));

// The notification centre (bell, badge, popover, inbox): not part of the first download.
const NotificationBell = lazy(() =>
  import('./notification-bell.tsx').then((m) => ({ default: m.NotificationBell })),
);

// "Unmasked until hh:mm": a request and, rarely, a badge; kept out of the first download.
const UnmaskIndicator = lazy(() =>
  import('./unmask-indicator.tsx').then((m) => ({ default: m.UnmaskIndicator })),
);

// Loaded on first open: the drawer is not part of the first screen.
const SettingsDrawer = lazy(() =>
  import('./settings-drawer.tsx').then((m) => ({ default: m.SettingsDrawer })),
);

export function AppHeader() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const collapse = useSettings((s) => s.collapse);
  const dark = useSettings((s) => s.theme.style === 'dark');
  const size = useSettings((s) => s.size);
  const set = useSettings((s) => s.set);
  const reload = usePageReload((s) => s.reload);
  const [drawer, setDrawer] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const meta = pageMeta(pathname);
  const canCount = useCan()(Permission.orderCounts);

  const crumbs = [
    ...(meta?.groupTitleKey ? [{ title: t(meta.groupTitleKey) }] : []),
    ...(meta ? [{ title: t(meta.titleKey) }] : []),
  ];

  return (
    <header className={dark ? 'app-header app-header-dark' : 'app-header'}>
      {/* The dark menu style darkens the header too: its controls follow through a nested dark theme. */}
      <ConfigProvider theme={dark ? { algorithm: darkAlgorithm(size) } : undefined}>
        <HeaderButton
          icon={collapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          title={t(collapse ? 'header.expand' : 'header.collapse')}
          onClick={() => set({ collapse: !collapse })}
          data-testid="menu-collapse"
        />
        <nav className="breadcrumb" aria-label="breadcrumb" data-testid="breadcrumb">
          {crumbs.map((crumb, i) => (
            <span key={crumb.title} className="breadcrumb-item">
              {i > 0 && <span className="breadcrumb-sep">/</span>}
              {crumb.title}
            </span>
          ))}
        </nav>
        <HeaderTicker />
        {canCount && (
          <Suspense fallback={null}>
            <OrderBadges />
          </Suspense>
        )}
        <Suspense fallback={null}>
          <NotificationBell />
        </Suspense>
        <HeaderButton
          icon={<ReloadOutlined />}
          title={t('header.refresh')}
          onClick={() => reload(pathname)}
          data-testid="page-refresh"
        />
        <FullscreenButton />
        <HeaderButton
          icon={<SkinOutlined />}
          title={t('header.settings')}
          onClick={() => {
            setDrawerLoaded(true);
            setDrawer(true);
          }}
          data-testid="settings-open"
        />
        <LanguageSwitch />
        <SizeSwitch />
        <Suspense fallback={null}>
          <UnmaskIndicator />
        </Suspense>
        <UserMenu />
      </ConfigProvider>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <SettingsDrawer open={drawer} onClose={() => setDrawer(false)} />
        </Suspense>
      )}
    </header>
  );
}
