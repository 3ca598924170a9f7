/** The /member pages for the shell's page registry: route path -> lazy page. */
import type { ComponentType } from 'react';
import type { PageProps } from '../../app/page-registry.tsx';

type PageModule = Promise<{ default: ComponentType<PageProps> }>;

const page = (name: keyof typeof import('./member-pages.tsx')) => (): PageModule =>
  import('./member-pages.tsx').then((m) => ({ default: m[name] as ComponentType<PageProps> }));

export const memberPages: Record<string, () => PageModule> = {
  '/member/memberList': page('MemberListPage'),
  '/member/payFundOrderPage': page('PayFundOrderPage'),
  '/member/transFundOrderPage': page('TransFundOrderPage'),
  '/member/financialRecordPage': page('FinancialRecordPage'),
  '/member/matchRecordPage': page('MatchRecordPage'),
  '/member/memberPaymentList': page('MemberPaymentPage'),
};
