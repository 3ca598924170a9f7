/** Renders one page of the route table: its lazy component inside a Suspense with the progress bar. */
import { Suspense } from 'react';
import { PageFallback } from './page-fallback.tsx';
import { pageComponent } from './page-registry.tsx';

export function PageHost({ path, titleKey }: { path: string; titleKey: string }) {
  // A page without an implementation yet (the route table's placeholders) shows the placeholder.
  const Page = pageComponent(path);
  return (
    <Suspense fallback={<PageFallback />}>
      <Page path={path} titleKey={titleKey} />
    </Suspense>
  );
}
