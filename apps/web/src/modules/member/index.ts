/** The /member pages for the shell's page registry: route path -> lazy page. */
import { type PageModule, pagesOf } from '../../app/lazy-pages.ts';

const page = pagesOf(() => import('./member-pages.tsx'));

export const memberPages: Record<string, () => PageModule> = {
  '/member/memberList': page('MemberListPage'),
  '/member/payFundOrderPage': page('PayFundOrderPage'),
  '/member/transFundOrderPage': page('TransFundOrderPage'),
  '/member/financialRecordPage': page('FinancialRecordPage'),
  '/member/memberPaymentList': page('MemberPaymentPage'),
};
