/** The trade reports of /tradeManage (contracts resources/trade/trade-reports.ts, trade-report-pairs.ts). */
import { TRADE_REPORTS } from '@payops/contracts/resources/trade/trade-report-pairs';
import { reportPageOf } from '../financeReport/ops-report-page.tsx';

export const TradeReportPage = reportPageOf(TRADE_REPORTS);
