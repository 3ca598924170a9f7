/** The order pages for the shell's page registry: route path -> lazy page (one chunk for all). */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/page-registry.tsx';

type PageModule = Promise<{ default: ComponentType<PageProps> }>;
type Pages = typeof import('./order-pages.tsx');

const page =
  (name: keyof Pages): (() => PageModule) =>
  () =>
    import('./order-pages.tsx').then((m) => ({ default: m[name] as ComponentType<PageProps> }));

export const orderPages: Record<string, () => PageModule> = {
  '/order/orderDepositList': page('DepositListPage'),
  '/order/orderTransferList': page('WithdrawListPage'),
  '/order/orderDetainList': page('DetainListPage'),
  '/order/receiveList': page('ReceiveListPage'),
  '/order/ordinaryDeposits': page('OrdinaryDepositsPage'),
  '/order/auditRecordList': page('AuditRecordPage'),
  '/order/orderRecordPage': page('OrderRecordPage'),
  '/payManage/thirdwithdraw_list': page('ScheduledWithdrawPage'),
  '/payManage/autoReviewList': page('AutoReviewPage'),
};
