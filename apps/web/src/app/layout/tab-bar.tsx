/**
 * The tab bar of open pages (spec §2): the dashboard cannot be closed; the context menu offers reload,
 * close, close left / right, close others (3 or more tabs) and close all (2 or more). The active tab
 * is scrolled into view when it changes (many tabs scroll horizontally). A small strip of our own rather
 * than antd's Tabs, which would add about 10 KB gzip to the first download for a row of buttons.
 */
import CloseOutlined from '@ant-design/icons/CloseOutlined';
// Loaded with the shell: a context menu must open at the pointer on the very first right-click.
import Dropdown from 'antd/es/dropdown/dropdown';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePageReload } from '../../lib/page-reload.ts';
import { canCloseAll, canCloseOthers, canCloseSide, isClosable, type Tab } from '../../lib/tab-rules.ts';
import { useTabs } from '../../lib/tabs-store.ts';

export function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { tabs, close, closeOthers, closeAll, closeSide } = useTabs();
  const reload = usePageReload((s) => s.reload);
  const bar = useRef<HTMLDivElement>(null);

  // The active tab in view, also when it was opened from the menu far beyond the bar's right edge.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the active tab or the tabs change
  useEffect(() => {
    const active = bar.current?.querySelector<HTMLElement>('[aria-selected="true"]');
    active?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname, tabs.length]);

  const go = (to: string | undefined) => {
    if (to) navigate(to);
  };

  const contextMenu = (tab: Tab) => ({
    items: [
      { key: 'reload', label: <span data-testid="tab-menu-reload">{t('tabs.reload')}</span> },
      {
        key: 'close',
        label: <span data-testid="tab-menu-close">{t('tabs.close')}</span>,
        disabled: !isClosable(tab),
      },
      {
        key: 'closeLeft',
        label: <span data-testid="tab-menu-close-left">{t('tabs.closeLeft')}</span>,
        disabled: !canCloseSide(tabs, tab.path, 'left'),
      },
      {
        key: 'closeRight',
        label: <span data-testid="tab-menu-close-right">{t('tabs.closeRight')}</span>,
        disabled: !canCloseSide(tabs, tab.path, 'right'),
      },
      {
        key: 'closeOthers',
        label: <span data-testid="tab-menu-close-others">{t('tabs.closeOthers')}</span>,
        disabled: !canCloseOthers(tabs),
      },
      {
        key: 'closeAll',
        label: <span data-testid="tab-menu-close-all">{t('tabs.closeAll')}</span>,
        disabled: !canCloseAll(tabs),
      },
    ],
    onClick: ({ key }: { key: string }) => {
      if (key === 'reload') {
        reload(tab.path);
        if (tab.path !== pathname) navigate(tab.fullPath);
      } else if (key === 'close') go(close(tab.path, pathname));
      else if (key === 'closeLeft') go(closeSide(tab.path, 'left', pathname));
      else if (key === 'closeRight') go(closeSide(tab.path, 'right', pathname));
      else if (key === 'closeOthers') go(closeOthers(tab.path, pathname));
      else if (key === 'closeAll') go(closeAll(pathname));
    },
  });

  return (
    <div className="tab-bar" role="tablist" data-testid="tab-bar" ref={bar}>
      {tabs.map((tab) => {
        const active = tab.path === pathname;
        return (
          <Dropdown key={tab.path} trigger={['contextMenu']} menu={contextMenu(tab)}>
            <div
              role="tab"
              tabIndex={0}
              aria-selected={active}
              className={active ? 'tab-item tab-item-active' : 'tab-item'}
              data-testid={`tab-${tab.path}`}
              data-active={active}
              onClick={() => go(tab.fullPath)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') go(tab.fullPath);
              }}
            >
              <span>{t(tab.titleKey)}</span>
              {isClosable(tab) && (
                <button
                  type="button"
                  className="tab-close"
                  aria-label={t('tabs.close')}
                  data-testid={`tab-close-${tab.path}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    go(close(tab.path, pathname));
                  }}
                >
                  <CloseOutlined />
                </button>
              )}
            </div>
          </Dropdown>
        );
      })}
    </div>
  );
}
