/**
 * How a group module hands its pages to the registry: a page by its export name from one lazily
 * imported file, so each page file is its own chunk and none is part of the first download.
 */
import type { ComponentType } from 'react';
import type { PageProps } from './page-registry.tsx';

export type PageModule = Promise<{ default: ComponentType<PageProps> }>;

/** `pagesOf(() => import('./x-pages.tsx'))('XPage')`: the loader of one page of that file. */
export const pagesOf =
  <M>(load: () => Promise<M>) =>
  (name: keyof M): (() => PageModule) =>
  () =>
    load().then((m) => ({ default: m[name] as ComponentType<PageProps> }));
