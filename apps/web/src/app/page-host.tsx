/** Renders one page of the route table: its lazy component inside a Suspense with the progress bar. */
import { Suspense } from 'react';
import { PageFallback } from './page-fallback.tsx';
import { pageComponent } from './page-registry.tsx';

export function PageHost({
  path,
  titleKey,
  placeholder,
}: {
  path: string;
  titleKey: string;
  placeholder?: boolean;
}) {
  const Page = pageComponent(path, placeholder);
  return (
    <Suspense fallback={<PageFallback />}>
      <Page path={path} titleKey={titleKey} />
    </Suspense>
  );
}
