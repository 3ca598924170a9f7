/**
 * Which component renders each page of the route table: the group modules' maps of route path to
 * lazy page. Loaded on its own (page-registry.tsx), not with the first download: the map grows with
 * every page, and only the page being opened needs it.
 */
import { cashierPages } from '../modules/cashier/index.ts';
import { financeReportPages } from '../modules/financeReport/index.ts';
import { financeRiskPages } from '../modules/financeRisk/index.ts';
import { matchPages } from '../modules/match/index.ts';
import { mchPages } from '../modules/mch/index.ts';
import { memberPages } from '../modules/member/index.ts';
import { mockTradePages } from '../modules/mockTrade/index.ts';
import { orderPages } from '../modules/order/index.ts';
import { payManagePages } from '../modules/payManage/index.ts';
import { sysPages } from '../modules/sys/index.ts';
import { tradeManagePages } from '../modules/tradeManage/index.ts';
import { walletPages } from '../modules/wallet/index.ts';
import type { PageModule } from './lazy-pages.ts';

export const pageLoaders: Record<string, () => PageModule> = {
  '/dashboard': () =>
    import('../modules/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })),
  ...sysPages,
  ...mchPages,
  ...memberPages,
  ...orderPages,
  ...payManagePages,
  ...matchPages,
  ...financeRiskPages,
  ...walletPages,
  ...cashierPages,
  ...financeReportPages,
  ...tradeManagePages,
  ...mockTradePages,
};
