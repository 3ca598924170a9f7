/** The order pages for the shell's page registry: route path -> lazy page (a chunk per page file). */
import { type PageModule, pagesOf } from '../../app/lazy-pages.ts';

const orders = pagesOf(() => import('./order-pages.tsx'));
const notify = pagesOf(() => import('./notify-pages.tsx'));
const routing = pagesOf(() => import('./recommend-record-page.tsx'));
const placeLog = pagesOf(() => import('./place-log-pages.tsx'));
const otc = pagesOf(() => import('./otc-pages.tsx'));
const settle = pagesOf(() => import('./settlement-page.tsx'));
const recon = pagesOf(() => import('./reconciliation-page.tsx'));
const usdt = pagesOf(() => import('./usdt-pages.tsx'));
const email = pagesOf(() => import('./email-pages.tsx'));

export const orderPages: Record<string, () => PageModule> = {
  '/order/orderDepositList': orders('DepositListPage'),
  '/order/orderTransferList': orders('WithdrawListPage'),
  '/order/orderDetainList': orders('DetainListPage'),
  '/order/receiveList': orders('ReceiveListPage'),
  '/order/ordinaryDeposits': orders('OrdinaryDepositsPage'),
  '/order/auditRecordList': orders('AuditRecordPage'),
  '/order/orderRecordPage': orders('OrderRecordPage'),
  '/order/mchNotify': notify('MchNotifyPage'),
  '/order/recommendRecordList': routing('RecommendRecordPage'),
  '/order/orderPlaceLogPage': placeLog('OrderPlaceLogPage'),
  '/order/orderPlaceLogStatic': placeLog('OrderPlaceLogStaticPage'),
  '/order/logReport': placeLog('LogReportPage'),
  '/order/orderFailReason': placeLog('OrderFailReasonPage'),
  '/order/orderDepositListOTC': otc('OtcDepositPage'),
  '/order/orderTransferListOTC': otc('OtcWithdrawPage'),
  '/order/orderDepositListZHOTC': otc('ZhotcDepositPage'),
  '/order/orderTransferListZHOTC': otc('ZhotcWithdrawPage'),
  '/order/otcPayOrderPage': otc('OtcPayOrderPage'),
  '/order/pageSettle': settle('SettlementPage'),
  '/order/reconciliationPage': recon('ReconciliationPage'),
  '/order/orderDepositListUSDT': usdt('UsdtDepositListPage'),
  '/order/orderTransferListUSDT': usdt('UsdtWithdrawListPage'),
  '/order/addressFlowList': usdt('AddressFlowListPage'),
  '/order/addressFlow': usdt('AddressFlowPage'),
  '/payManage/thirdwithdraw_list': orders('ScheduledWithdrawPage'),
  '/payManage/autoReviewList': orders('AutoReviewPage'),
  '/order/emailOrderList': email('EmailOrderPage'),
  '/payManage/emailConfigList': email('EmailConfigPage'),
  '/payManage/emailAssignList': email('EmailAssignPage'),
};
