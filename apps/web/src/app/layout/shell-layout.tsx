/**
 * The console frame around every signed-in page: side menu (250 px, 60 px collapsed, collapsing by
 * itself at 1000 px or less), header, tab bar and the kept-alive content. It also owns the session's
 * background work: the resource list (fetched at start, re-fetched past its timestamp, checked every
 * second) and opening a tab for each page visited.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { fetchResources, refreshResourcesIfStale } from '../../lib/resources-store.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { useTabs } from '../../lib/tabs-store.ts';
import { pageMeta } from '../page-meta.ts';
import { menuTheme } from '../theme.ts';
import { AppHeader } from './app-header.tsx';
import { KeepAliveOutlet } from './keep-alive.tsx';
import { SideMenu } from './side-menu.tsx';
import { TabBar } from './tab-bar.tsx';

// Pages get react-query through a lazy provider: the frame itself never needs it.
const QueryHost = lazy(() => import('../query-host.tsx'));

export const SIDER_WIDTH = 250;
export const SIDER_COLLAPSED_WIDTH = 60;
export const COLLAPSE_BREAKPOINT = 1000;

function useAutoCollapse(): void {
  const set = useSettings((s) => s.set);
  const narrow = useRef<boolean | null>(null);
  useEffect(() => {
    const check = () => {
      const isNarrow = window.innerWidth <= COLLAPSE_BREAKPOINT;
      // Only on crossing the breakpoint, so a manual toggle on a wide screen is not undone.
      if (narrow.current !== isNarrow) {
        if (isNarrow) set({ collapse: true });
        else if (narrow.current) set({ collapse: false });
      }
      narrow.current = isNarrow;
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, [set]);
}

function useResourcePolling(): void {
  useEffect(() => {
    void fetchResources();
    const timer = setInterval(refreshResourcesIfStale, 1000);
    return () => clearInterval(timer);
  }, []);
}

function useTabOpening(): void {
  const { pathname, search } = useLocation();
  const open = useTabs((s) => s.open);
  useEffect(() => {
    const meta = pageMeta(pathname);
    if (meta?.tab) open({ path: pathname, fullPath: pathname + search, titleKey: meta.titleKey });
  }, [pathname, search, open]);
}

export function ShellLayout() {
  const { t } = useTranslation();
  const { collapse, showLogo, showTabs, fullContent, theme } = useSettings();
  useAutoCollapse();
  useResourcePolling();
  useTabOpening();

  // Plain elements rather than antd Layout: the frame needs no more than flex boxes, and the
  // first download is on a budget.
  const siderTheme = menuTheme(theme);
  return (
    <div className="shell">
      {!fullContent && (
        <aside
          className={`shell-sider shell-sider-${siderTheme}`}
          style={{ width: collapse ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH }}
          data-testid="sider"
          data-collapsed={collapse ? 'true' : 'false'}
        >
          {showLogo && (
            <div className={`shell-logo shell-logo-${siderTheme}`} data-testid="logo">
              {collapse ? 'P' : t('common.appName')}
            </div>
          )}
          <SideMenu />
        </aside>
      )}
      <div className="shell-main">
        {!fullContent && <AppHeader />}
        {showTabs && <TabBar />}
        <main className="shell-content">
          <Suspense fallback={null}>
            <QueryHost>
              <KeepAliveOutlet />
            </QueryHost>
          </Suspense>
        </main>
      </div>
    </div>
  );
}
