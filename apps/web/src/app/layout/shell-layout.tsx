/**
 * The console frame around every signed-in page: side menu (250 px, 60 px collapsed, collapsing by
 * itself at 1000 px or less), header, tab bar and the kept-alive content (a loading indicator until
 * the first page is there). "Full-screen content" hides header and menu but keeps an exit button, and
 * Esc leaves it. It also owns the session's background work: the resource list (fetched at start,
 * re-fetched past its timestamp, checked every second), opening a tab for each page visited, and the
 * first-sign-in password change.
 */
import FullscreenExitOutlined from '@ant-design/icons/FullscreenExitOutlined';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { useFirstPassword } from '../../lib/first-password.ts';
import { useCurrentUser } from '../../lib/queries.ts';
import { fetchResources, refreshResourcesIfStale } from '../../lib/resources-store.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { useTabs } from '../../lib/tabs-store.ts';
import { PageFallback } from '../page-fallback.tsx';
import { pageMeta } from '../page-meta.ts';
import { menuTheme } from '../theme.ts';
import { AppHeader } from './app-header.tsx';
import { KeepAliveOutlet } from './keep-alive.tsx';
import { SideMenu } from './side-menu.tsx';
import { COLLAPSE_BREAKPOINT, SIDER_COLLAPSED_WIDTH, SIDER_WIDTH } from './sizes.ts';
import { TabBar } from './tab-bar.tsx';

// Pages get react-query through a lazy provider: the frame itself never needs it.
const QueryHost = lazy(() => import('../query-host.tsx'));

// Loaded when first needed: most operators never see it.
const PasswordDialog = lazy(() =>
  import('../dialogs/password-dialog.tsx').then((m) => ({ default: m.PasswordDialog })),
);

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

/** Esc leaves "full-screen content", unless it was meant for a dialog, drawer or popup. */
function useFullContentEscape(active: boolean): void {
  const set = useSettings((s) => s.set);
  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      const layers = document.querySelectorAll('.ant-modal-wrap, .ant-drawer-open, .ant-dropdown');
      const open = [...layers].some(
        (el) => !el.classList.contains('ant-dropdown-hidden') && getComputedStyle(el).display !== 'none',
      );
      if (!open) set({ fullContent: false });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active, set]);
}

function FullContentExit() {
  const { t } = useTranslation();
  const set = useSettings((s) => s.set);
  return (
    <button
      type="button"
      className="fullcontent-exit"
      title={t('settings.exitFullContentHint')}
      onClick={() => set({ fullContent: false })}
      data-testid="fullcontent-exit"
    >
      <FullscreenExitOutlined /> {t('settings.exitFullContent')}
    </button>
  );
}

/** The password dialog that cannot be closed, while the server wants the password changed first. */
function FirstPasswordGate() {
  const { data: user } = useCurrentUser();
  const required = useFirstPassword((s) => s.required) || user?.mustChangePassword === true;
  if (!required) return null;
  return (
    <Suspense fallback={null}>
      <PasswordDialog open forced onClose={() => undefined} />
    </Suspense>
  );
}

export function ShellLayout() {
  const { t } = useTranslation();
  // The settings it draws by, not the whole store: a new language must not render the frame again.
  const { collapse, showLogo, showTabs, fullContent, theme } = useSettings(
    useShallow((s) => ({
      collapse: s.collapse,
      showLogo: s.showLogo,
      showTabs: s.showTabs,
      fullContent: s.fullContent,
      theme: s.theme,
    })),
  );
  useAutoCollapse();
  useResourcePolling();
  useTabOpening();
  useFullContentEscape(fullContent);

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
        {/* The header and the tabs stay in view while a long page scrolls under them. */}
        <div className="shell-top">
          {!fullContent && <AppHeader />}
          {showTabs && <TabBar />}
        </div>
        {fullContent && <FullContentExit />}
        <main className="shell-content">
          <Suspense fallback={<PageFallback />}>
            <QueryHost>
              <KeepAliveOutlet />
            </QueryHost>
          </Suspense>
        </main>
      </div>
      <FirstPasswordGate />
    </div>
  );
}
