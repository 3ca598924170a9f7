/**
 * The spec's keep-alive: a visited cached page stays mounted, hidden, so its form and table state
 * survive tab switches. At most 10 are kept (least recently used goes first) and a closed tab frees
 * its page. Elements are kept in first-visit order so switching never moves DOM.
 *
 * A hidden page is an <Activity mode="hidden">: React keeps its state and DOM (display:none) but
 * unmounts its effects and renders its updates only when idle. So a change every page reads (the
 * language) repaints the page in view first instead of all ten kept ones (performance.md, INP), and
 * a hidden page neither polls nor listens. Shown again, its effects mount anew and its queries
 * refetch what has gone stale (react-query's refetch on mount): the operator comes back to the
 * same filters and page, with current rows.
 */
import { Activity, type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { evictCache, retainCache, touchCache } from '../../lib/keep-alive-cache.ts';
import { usePageReload } from '../../lib/page-reload.ts';
import { useTabs } from '../../lib/tabs-store.ts';
import { pageMeta } from '../page-meta.ts';

export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const tabs = useTabs((s) => s.tabs);
  const reloads = usePageReload((s) => s.counts);
  const elements = useRef(new Map<string, { element: ReactNode; reload: number }>());
  const [cache, setCache] = useState<string[]>([]);
  const cacheable = pageMeta(pathname)?.cache ?? false;
  const reload = reloads[pathname] ?? 0;

  // Remember the current page's element (again after a reload, so it remounts fresh).
  const kept = elements.current.get(pathname);
  if (cacheable && (!kept || kept.reload !== reload)) {
    elements.current.set(pathname, { element: outlet, reload });
  }

  useEffect(() => {
    if (cacheable) setCache((c) => touchCache(c, pathname));
  }, [cacheable, pathname]);

  useEffect(() => {
    setCache((c) => retainCache(c, [...tabs.map((t) => t.path), pathname]));
  }, [tabs, pathname]);

  // Drop elements that left the cache, so their memory is freed.
  useEffect(() => {
    for (const path of elements.current.keys()) {
      if (!cache.includes(path) && path !== pathname) elements.current.delete(path);
    }
  }, [cache, pathname]);

  useEffect(() => {
    if (!cacheable) setCache((c) => evictCache(c, pathname));
  }, [cacheable, pathname]);

  const shown = [...elements.current.entries()].filter(([path]) => cache.includes(path) || path === pathname);
  return (
    <>
      {shown.map(([path, { element, reload: count }]) => (
        <Activity key={`${path}#${count}`} mode={path === pathname ? 'visible' : 'hidden'}>
          <div className="page-view" data-page={path}>
            {element}
          </div>
        </Activity>
      ))}
      {!cacheable && (
        <div key={`${pathname}#${reload}`} className="page-view" data-page={pathname}>
          {outlet}
        </div>
      )}
    </>
  );
}
