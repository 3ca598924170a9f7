/**
 * Which component renders each page of the route table. A page without an implementation yet shows
 * the generic placeholder (as the spec itself does for addrPoolFlowList and addrPool). Group modules
 * and the resource engine add their pages to `pageLoaders`.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { financeRiskPages } from '../modules/financeRisk/index.ts';
import { mchPages } from '../modules/mch/index.ts';
import { memberPages } from '../modules/member/index.ts';
import { orderPages } from '../modules/order/index.ts';
import { payManagePages } from '../modules/payManage/index.ts';
import { sysPages } from '../modules/sys/index.ts';
import type { PageModule } from './lazy-pages.ts';

export interface PageProps {
  path: string;
  titleKey: string;
}

export const pageLoaders: Record<string, () => PageModule> = {
  '/dashboard': () =>
    import('../modules/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
  ...sysPages,
  ...mchPages,
  ...memberPages,
  ...orderPages,
  ...payManagePages,
  ...financeRiskPages,
};

const loadPlaceholder = (): PageModule =>
  import('../pages/placeholder-page.tsx').then((m) => ({ default: m.PlaceholderPage }));

const components = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();

/** One lazy component per path, created once so React keeps its state between renders. */
export function pageComponent(
  path: string,
  placeholder = false,
): LazyExoticComponent<ComponentType<PageProps>> {
  // A page built since the route table marked it a placeholder (addrPool, addrPoolFlowList) wins.
  const usePlaceholder = placeholder && !pageLoaders[path];
  const key = usePlaceholder ? '@placeholder' : path;
  let component = components.get(key);
  if (!component) {
    component = lazy(usePlaceholder ? loadPlaceholder : (pageLoaders[path] ?? loadPlaceholder));
    components.set(key, component);
  }
  return component;
}
