/** Shown while a page's code loads; drives the navigation progress bar (spec §4). */
import NProgress from 'nprogress';
import { useEffect } from 'react';

export function PageFallback() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return <div style={{ minHeight: 200 }} />;
}
