/** The /order pages for the shell's page registry: route path -> lazy page. */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/page-registry.tsx';

type PageModule = Promise<{ default: ComponentType<PageProps> }>;

const placeLog = (name: keyof typeof import('./place-log-pages.tsx')) => (): PageModule =>
  import('./place-log-pages.tsx').then((m) => ({ default: m[name] as ComponentType<PageProps> }));

export const orderPages: Record<string, () => PageModule> = {
  '/order/orderPlaceLogPage': placeLog('OrderPlaceLogPage'),
  '/order/orderPlaceLogStatic': placeLog('OrderPlaceLogStaticPage'),
  '/order/logReport': placeLog('LogReportPage'),
  '/order/orderFailReason': placeLog('OrderFailReasonPage'),
  '/order/recommendRecordList': () =>
    import('./recommend-record-page.tsx').then((m) => ({ default: m.RecommendRecordPage })),
};
