/** Title and cache flag of any path the router knows (fixed routes and the route table). */
import { DASHBOARD_PATH, findPage, routeGroups } from '@payops/contracts/routes';

export interface PageMeta {
  path: string;
  titleKey: string;
  /** Group title key, for the breadcrumb. */
  groupTitleKey?: string;
  cache: boolean;
  /** A page that gets a tab (not /404, /401, /redirect). */
  tab: boolean;
}

const fixed: Record<string, string> = {
  '/login': 'fixedRoute.login',
  '/404': 'fixedRoute.notFound',
  '/401': 'fixedRoute.unauthorized',
};

export function pageMeta(pathname: string): PageMeta | undefined {
  if (pathname === DASHBOARD_PATH) {
    return { path: pathname, titleKey: 'fixedRoute.dashboard', cache: true, tab: true };
  }
  const page = findPage(pathname);
  if (page) {
    const group = routeGroups.find((g) => g.name === page.group);
    return {
      path: pathname,
      titleKey: page.titleKey,
      groupTitleKey: group?.titleKey,
      cache: page.cache,
      tab: true,
    };
  }
  if (pathname.startsWith('/redirect/')) {
    return { path: pathname, titleKey: 'fixedRoute.redirect', cache: false, tab: false };
  }
  const key = fixed[pathname];
  return key ? { path: pathname, titleKey: key, cache: false, tab: false } : undefined;
}
