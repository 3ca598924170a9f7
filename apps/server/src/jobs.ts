/** Every background job of the console (see platform/jobs); server.ts starts them, tests pick their own. */
import { counterPaymentExpiryJob } from './modules/cashier/expiry.ts';
import { chainWatchJob, sandboxChainMinerJob, usdtDepositExpiryJob } from './modules/chain/jobs.ts';
import { emailPollJob } from './modules/email/poller.ts';
import { matchRetryJob } from './modules/match/match-retry.ts';
import { matchExpiryJob } from './modules/match/match-timeouts.ts';
import { voucherSweepJob } from './modules/match/voucher-sweep.ts';
import { adjustExpiryJob } from './modules/mch/adjust-expiry.ts';
import { mockTraderJob } from './modules/mockTrade/trader-job.ts';
import { merchantNotifyJob } from './modules/notify/job.ts';
import { openapiNonceCleanUpJob } from './modules/openapi/nonce-clean-up.ts';
import { upstreamErrorReportJob } from './modules/openapi/upstream-errors.ts';
import { settlementJob } from './modules/order/settlement-job.ts';
import { depositExpiryJob } from './modules/order/timeouts.ts';
import { balanceRefreshJob } from './modules/payManage/balances.ts';
import { reportRollupJob } from './modules/reports/maintain.ts';
import { riskExpiryJob } from './modules/risk/jobs.ts';
import { RISK_LEVELS_JOBS } from './modules/risk/risk-levels.jobs.ts';
import { tradePushJob, tradeRecJob } from './modules/trade/trade-push.jobs.ts';
import { tradeTimeoutJob } from './modules/trade/trade-timeouts.ts';
import { callbackRetentionJob } from './modules/upstream/callback-retention.ts';
import { payoutJob } from './modules/upstream/payout.ts';
import { pollJob } from './modules/upstream/poll.ts';
import { walletDisputeSlaJob } from './modules/wallet/dispute-sla.job.ts';
import { idempotencyCleanUpJob, nonceCleanUpJob } from './platform/jobs/clean-up.ts';
import type { JobDef } from './platform/jobs/registry.ts';

export const allJobs: readonly JobDef[] = [
  idempotencyCleanUpJob,
  nonceCleanUpJob,
  adjustExpiryJob,
  depositExpiryJob,
  merchantNotifyJob,
  openapiNonceCleanUpJob,
  upstreamErrorReportJob,
  payoutJob,
  pollJob,
  balanceRefreshJob,
  callbackRetentionJob,
  settlementJob,
  ...[chainWatchJob, usdtDepositExpiryJob, sandboxChainMinerJob],
  emailPollJob,
  matchExpiryJob,
  matchRetryJob,
  voucherSweepJob,
  walletDisputeSlaJob,
  ...RISK_LEVELS_JOBS,
  riskExpiryJob,
  counterPaymentExpiryJob,
  reportRollupJob,
  tradeTimeoutJob,
  ...[tradePushJob, tradeRecJob],
  mockTraderJob,
];
