/** The levels branch's /financeRisk pages for the shell's page registry (route path -> lazy page). */
import { type PageModule, pagesOf } from '../../app/lazy-pages.ts';

const page = pagesOf(() => import('./risk-levels-pages.tsx'));
const tags = pagesOf(() => import('./tag-page.tsx'));

export const riskLevelsPages: Record<string, () => PageModule> = {
  '/financeRisk/financeTabList': tags('FinanceTagPage'),
  '/financeRisk/findLevelFixedPage': page('LevelFixedPage'),
  '/financeRisk/credit_level': page('CreditLevelPage'),
  '/financeRisk/macth_level': page('MatchLevelPage'),
  '/financeRisk/findByPage': page('RiskConditionsPage'),
  '/financeRisk/depositDayReportSum': page('DepositDayReportSumPage'),
  '/financeRisk/giftRiskLogPage': page('GiftRiskLogPage'),
  '/financeRisk/giftRiskConfigPage': page('GiftRiskConfigPage'),
  '/financeRisk/orderCancelRecordList': page('OrderCancelRecordPage'),
};
