/** Every table of every module, for the Drizzle client and drizzle-kit. */

export * from '../modules/cashier/cashier.schema.ts';
export * from '../modules/chain/chain.schema.ts';

export * from '../modules/email/email.schema.ts';
export * from '../modules/match/match.schema.ts';
export * from '../modules/mch/passage.schema.ts';
export * from '../modules/mch/schema.ts';
export * from '../modules/member/schema.ts';
export * from '../modules/mockTrade/sandbox.schema.ts';
export * from '../modules/mockTrade/schema.ts';
export * from '../modules/notify/schema.ts';
export * from '../modules/openapi/schema.ts';
export * from '../modules/opsReports/ops-reports.schema.ts';
export * from '../modules/order/reconciliation.schema.ts';
export * from '../modules/order/schema.ts';
export * from '../modules/order/settlement.schema.ts';
export * from '../modules/payManage/schema.ts';
export * from '../modules/reports/reports.schema.ts';
export * from '../modules/risk/risk.schema.ts';
export * from '../modules/risk/risk-levels.schema.ts';
export * from '../modules/sys/addr-pool.schema.ts';
export * from '../modules/sys/message.schema.ts';
export * from '../modules/sys/pending-change.schema.ts';
export * from '../modules/sys/schema.ts';
export * from '../modules/sys/sign-in-throttle.schema.ts';
export * from '../modules/trade/trade.schema.ts';
export * from '../modules/trade/trade-push.schema.ts';
export * from '../modules/tradeReports/trade-reports.schema.ts';
export * from '../modules/upstream/schema.ts';
export * from '../modules/wallet/dispute.schema.ts';
export * from '../modules/wallet/wallet.schema.ts';
export * from '../modules/wallet/wallet-config.schema.ts';
export * from '../platform/audit.schema.ts';
export * from '../platform/idempotency.schema.ts';
export * from '../platform/ledger/schema.ts';
export * from '../platform/transitions/schema.ts';
