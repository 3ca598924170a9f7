/** The /order pages for the shell's page registry: route path -> lazy page. */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/page-registry.tsx';

type PageModule = Promise<{ default: ComponentType<PageProps> }>;

export const orderPages: Record<string, () => PageModule> = {
  '/order/recommendRecordList': () =>
    import('./recommend-record-page.tsx').then((m) => ({ default: m.RecommendRecordPage })),
};
