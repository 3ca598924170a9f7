/** On every navigation: the progress bar runs and the document title follows the route title (spec §4). */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { progress } from '../lib/progress.ts';
import { pageMeta } from './page-meta.ts';

export function RouteProgress() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation, by design
  useEffect(() => {
    // Already-loaded pages render at once; a lazy one keeps the bar running through PageFallback.
    progress.start();
    const timer = setTimeout(() => progress.done(), 100);
    return () => clearTimeout(timer);
  }, [pathname]);

  useEffect(() => {
    const meta = pageMeta(pathname);
    const app = t('common.appName');
    document.title = meta ? `${t(meta.titleKey)} - ${app}` : app;
  }, [pathname, t]);

  return null;
}
