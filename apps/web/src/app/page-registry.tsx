/**
 * Which component renders each page of the route table. A page without an implementation yet shows
 * the generic placeholder (as the spec itself does for addrPoolFlowList and addrPool). Group modules
 * and the resource engine add their pages to `pageLoaders`.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export interface PageProps {
  path: string;
  titleKey: string;
}

type PageModule = Promise<{ default: ComponentType<PageProps> }>;

export const pageLoaders: Record<string, () => PageModule> = {
  '/dashboard': () =>
    import('../modules/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
};

const loadPlaceholder = (): PageModule =>
  import('../pages/placeholder-page.tsx').then((m) => ({ default: m.PlaceholderPage }));

const components = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();

/** One lazy component per path, created once so React keeps its state between renders. */
export function pageComponent(
  path: string,
  placeholder = false,
): LazyExoticComponent<ComponentType<PageProps>> {
  const key = placeholder ? '@placeholder' : path;
  let component = components.get(key);
  if (!component) {
    component = lazy(placeholder ? loadPlaceholder : (pageLoaders[path] ?? loadPlaceholder));
    components.set(key, component);
  }
  return component;
}
