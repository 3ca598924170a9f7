/** Shown while a page's code loads; drives the navigation progress bar (spec §4). */

import { useEffect } from 'react';
import { progress } from '../lib/progress.ts';

export function PageFallback() {
  useEffect(() => {
    progress.start();
    return () => {
      progress.done();
    };
  }, []);
  return <div style={{ minHeight: 200 }} />;
}
