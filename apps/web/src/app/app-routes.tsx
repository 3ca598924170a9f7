/**
 * The routes (spec §2): /login alone without a token; with one, the route table's groups (each
 * redirecting to its first page), the dashboard, /404, /401, /redirect/*, / -> /dashboard,
 * /common -> /404 and anything else -> /404.
 */
import { DASHBOARD_PATH, LOGIN_PATH, routeGroups } from '@payops/contracts/routes';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation, useSearchParams } from 'react-router';
import { useAuthStore } from '../lib/auth-store.ts';
import { LoginPage } from '../pages/login-page.tsx';
import { RedirectPage } from '../pages/redirect-page.tsx';
import { ShellLayout } from './layout/shell-layout.tsx';
import { PageFallback } from './page-fallback.tsx';
import { PageHost } from './page-host.tsx';

// Result's illustrations are heavy and these pages are rare: not part of the first download.
const StatusPage = lazy(() => import('../pages/status-page.tsx').then((m) => ({ default: m.StatusPage })));

function ToLogin() {
  const { pathname, search } = useLocation();
  const back = pathname === '/' ? '' : `?redirect=${encodeURIComponent(pathname + search)}`;
  return <Navigate to={`${LOGIN_PATH}${back}`} replace />;
}

/** Only same-site paths are followed after sign-in. */
export function safeRedirect(redirect: string | null): string {
  return redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : DASHBOARD_PATH;
}

/** Signed in while on /login (just now, or by typing it): on to where the operator was going. */
function FromLogin() {
  const [params] = useSearchParams();
  return <Navigate to={safeRedirect(params.get('redirect'))} replace />;
}

/** Groups are registered only while a token is held (spec §2). */
function signedInRoutes() {
  return (
    <>
      <Route element={<ShellLayout />}>
        <Route
          path={DASHBOARD_PATH}
          element={<PageHost path={DASHBOARD_PATH} titleKey="fixedRoute.dashboard" />}
        />
        {routeGroups.map((group) => (
          <Route key={group.name} path={group.path}>
            <Route index element={<Navigate to={group.redirect} replace />} />
            {group.children.map((child) => (
              <Route
                key={child.name}
                path={child.name}
                element={<PageHost path={child.path} titleKey={child.titleKey} />}
              />
            ))}
          </Route>
        ))}
        <Route path="/404" element={<StatusPage status={404} />} />
        <Route path="/401" element={<StatusPage status={403} />} />
        <Route path="/redirect/*" element={<RedirectPage />} />
      </Route>
      <Route path="/common" element={<Navigate to="/404" replace />} />
      <Route path={LOGIN_PATH} element={<FromLogin />} />
      <Route path="/" element={<Navigate to={DASHBOARD_PATH} replace />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </>
  );
}

export function AppRoutes() {
  const token = useAuthStore((s) => s.token);
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        {token ? (
          signedInRoutes()
        ) : (
          <>
            <Route path={LOGIN_PATH} element={<LoginPage />} />
            <Route path="*" element={<ToLogin />} />
          </>
        )}
      </Routes>
    </Suspense>
  );
}
