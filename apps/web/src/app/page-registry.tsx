/**
 * Which component renders each page of the route table. A page without an implementation yet shows
 * the generic placeholder (as the spec itself does for addrPoolFlowList and addrPool). Group modules
 * add their pages to `pageLoaders` (page-loaders.ts), a chunk of its own fetched as soon as the shell
 * starts, so the first download does not grow with every page.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageModule } from './lazy-pages.ts';

export interface PageProps {
  path: string;
  titleKey: string;
}

/** Started at once, in parallel with the shell's first render; awaited by the first page opened. */
const loaders = import('./page-loaders.ts').then((m) => m.pageLoaders);

const loadPlaceholder = (): PageModule =>
  import('../pages/placeholder-page.tsx').then((m) => ({ default: m.PlaceholderPage }));

const components = new Map<string, LazyExoticComponent<ComponentType<PageProps>>>();

/**
 * One lazy component per path, created once so React keeps its state between renders. A page built
 * since the route table marked it a placeholder (addrPool, addrPoolFlowList) wins over the placeholder.
 */
export function pageComponent(path: string): LazyExoticComponent<ComponentType<PageProps>> {
  let component = components.get(path);
  if (!component) {
    component = lazy(async () => ((await loaders)[path] ?? loadPlaceholder)());
    components.set(path, component);
  }
  return component;
}
