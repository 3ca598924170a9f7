/**
 * The side menu, built from `GET /api/menu` (only what this operator may see): group titles from
 * translation keys, icons by name. With "one menu open" set, opening a group closes the others.
 * Collapsed, it is antd's inline-collapsed menu: icons only, each group's pages in a fly-out on hover,
 * the dashboard's name in a tooltip.
 */
import ConfigProvider from 'antd/es/config-provider';
import Menu from 'antd/es/menu';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { MenuIcon } from '../../lib/icons.tsx';
import { useMenu } from '../../lib/queries.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { menuTheme } from '../theme.ts';
import { SIDER_COLLAPSED_WIDTH } from './sizes.ts';

/** The collapsed menu is exactly as wide as the collapsed side bar (antd's default is 80 px). */
const COLLAPSED_THEME = { components: { Menu: { collapsedWidth: SIDER_COLLAPSED_WIDTH } } };

export function SideMenu() {
  const { t } = useTranslation();
  const { data: groups = [] } = useMenu();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const singleMenu = useSettings((s) => s.singleMenu);
  const collapsed = useSettings((s) => s.collapse);
  const theme = useSettings((s) => s.theme);
  const activeGroup = `/${pathname.split('/')[1] ?? ''}`;
  const [openKeys, setOpenKeys] = useState<string[]>([activeGroup]);

  // Navigating elsewhere (a tab, a badge) opens the group of the new page.
  useEffect(() => {
    setOpenKeys((keys) =>
      keys.includes(activeGroup) ? keys : singleMenu ? [activeGroup] : [...keys, activeGroup],
    );
  }, [activeGroup, singleMenu]);

  const items = useMemo(
    () => [
      {
        key: '/dashboard',
        icon: <MenuIcon name="DashboardOutlined" />,
        label: <span data-testid="menu-/dashboard">{t('fixedRoute.dashboard')}</span>,
      },
      ...groups.map((group) => ({
        key: group.path,
        icon: <MenuIcon name={group.icon} />,
        label: <span data-testid={`menu-${group.path}`}>{t(group.titleKey)}</span>,
        children: group.children.map((child) => ({
          key: child.path,
          label: <span data-testid={`menu-${child.path}`}>{t(child.titleKey)}</span>,
        })),
      })),
    ],
    [groups, t],
  );

  return (
    <ConfigProvider theme={COLLAPSED_THEME}>
      <Menu
        mode="inline"
        inlineCollapsed={collapsed}
        theme={menuTheme(theme)}
        items={items}
        selectedKeys={[pathname]}
        // Collapsed, antd opens the fly-outs itself; the inline open groups come back on expanding.
        {...(collapsed
          ? {}
          : {
              openKeys,
              onOpenChange: (keys: string[]) => {
                const opened = keys.find((k) => !openKeys.includes(k));
                setOpenKeys(singleMenu && opened ? [opened] : keys);
              },
            })}
        onClick={({ key }) => navigate(key)}
        data-testid="side-menu"
        style={{ borderInlineEnd: 'none' }}
      />
    </ConfigProvider>
  );
}
