/**
 * Shown while a page's code (or the pages' data layer) loads: a visible spinner in the content area,
 * so the first screen after sign-in is never blank, and the navigation progress bar (spec §4).
 * Plain CSS rather than antd's Spin: it is part of the first download.
 */

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { progress } from '../lib/progress.ts';

export function PageFallback() {
  const { t } = useTranslation();
  useEffect(() => {
    progress.start();
    return () => {
      progress.done();
    };
  }, []);
  return (
    <div className="page-loading" role="status" aria-live="polite" data-testid="page-loading">
      <span className="page-loading-spinner" aria-hidden="true" />
      <span>{t('common.loading')}</span>
    </div>
  );
}
