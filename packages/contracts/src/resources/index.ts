/**
 * Every resource definition, registered into the permission catalogue at load so the resources
 * table, the role editor and the guard know their actions.
 */
import { registerReport } from '../report.ts';
import { type ResourceDef, registerResource } from '../resource.ts';
import * as cashier from './cashier/index.ts';
import { ALL_REPORTS } from './financeReport/index.ts';
import * as financeRisk from './financeRisk/index.ts';
import * as match from './match/index.ts';
import * as mch from './mch/index.ts';
import * as member from './member/index.ts';
import * as mockTrade from './mockTrade/index.ts';
import { OPS_REPORTS } from './opsReports/index.ts';
import * as order from './order/index.ts';
import * as payManage from './payManage/index.ts';
import * as sys from './sys/index.ts';
import * as trade from './trade/index.ts';
import * as wallet from './wallet/index.ts';

export * from './cashier/index.ts';
export * from './financeReport/index.ts';
export * from './financeRisk/index.ts';
export * from './match/index.ts';
export * from './mch/index.ts';
export * from './member/index.ts';
export * from './mockTrade/index.ts';
export * from './opsReports/index.ts';
export * from './order/index.ts';
export * from './payManage/index.ts';
export * from './sys/index.ts';
export * from './trade/index.ts';
export * from './wallet/index.ts';

export const allResources: readonly ResourceDef[] = [
  sys.addrPoolFlowList,
  sys.user,
  sys.role,
  sys.resource,
  sys.opearlog,
  sys.loginLog,
  sys.addrPool,
  sys.blackIp,
  sys.whiteIp,
  sys.sysBackConfig,
  sys.pendingChange,
  sys.message,
  ...[mch.mchList, mch.mchAdjust, mch.mchThirdPayConfig, mch.mchThirdAgentPayConfig, mch.fundLog],
  ...[mch.merchantTimeoutConfigPage, member.memberList, member.payFundOrderPage, member.transFundOrderPage],
  ...[member.financialRecordPage, member.memberPaymentList],
  ...[payManage.interfaceType, payManage.thirdParty, payManage.depositThirdPay, payManage.withdrawThirdPay],
  ...[payManage.thirdAgentPay, payManage.thirdBank, payManage.thirdInterface, payManage.thirdConfig],
  ...[payManage.payOtherConfig, payManage.fastAmount],
  payManage.passage,
  order.orderDepositList,
  order.orderTransferList,
  ...[order.receiveList, order.ordinaryDeposits, order.orderDetainList, order.thirdwithdrawList],
  ...[order.orderRecordPage, order.auditRecordList, order.autoReviewList],
  ...[order.mchNotify, order.mchNotifyAttempt, order.depositCallbacks, order.withdrawCallbacks],
  ...[order.orderPlaceLogPage, order.orderPlaceLogStatic, order.logReport, order.orderFailReason],
  order.recommendRecordList,
  ...order.OTC_RESOURCES,
  order.pageSettle,
  ...[order.reconciliationPage, order.reconciliationLines],
  ...financeRisk.FINANCE_RISK_LIST_RESOURCES,
  ...[order.orderDepositListUSDT, order.orderTransferListUSDT, order.addressFlowList, order.addressFlow],
  ...match.MATCH_RESOURCES,
  ...[payManage.emailConfig, payManage.emailAssign, order.emailOrder],
  ...financeRisk.RISK_LEVELS_RESOURCES,
  ...wallet.WALLET_RESOURCES,
  ...cashier.CASHIER_RESOURCES,
  ...trade.TRADE_RESOURCES,
  ...[mockTrade.mockOrderTestSon, mockTrade.tradeMockTraders],
  ...[mockTrade.tradeMockSon, mockTrade.tradeMockBuyAds, mockTrade.tradeMockSellAds],
];

for (const def of allResources) registerResource(def);
// The operations reports (opsReports) apart: the web loads each group of definitions with its pages.
for (const report of [...ALL_REPORTS, ...OPS_REPORTS, ...trade.TRADE_REPORTS]) registerReport(report);

export function findResource(name: string): ResourceDef | undefined {
  return allResources.find((r) => r.name === name);
}
