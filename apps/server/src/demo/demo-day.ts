/**
 * A demo platform's first day of business, on a fresh console: an auto-review rule for small
 * withdrawals, orders placed by the merchants through the merchant API (orders.ts), a few reservation
 * withdrawals, then what the operators do with them, through the lifecycles' own transitions and
 * recorded under the built-in administrator: most receipts approved (the merchant credited, then
 * called back), some rejected, a few refunded; withdrawals approved and paid out through the sandbox,
 * rejected or detained. Every /order page then shows what the running system produced.
 */
import { orderDepositList, orderTransferList } from '@payops/contracts';
import { and, asc, desc, eq } from 'drizzle-orm';
import { merchants } from '../modules/mch/schema.ts';
import { depositOrders, withdrawOrders, withdrawReviewRules } from '../modules/order/schema.ts';
import { runPayouts } from '../modules/upstream/payout.ts';
import type { AppContext } from '../platform/context.ts';
import { open } from '../platform/secret-box.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';
import {
  type BalancesDayReport,
  describeBalancesDay,
  fundPayoutAccounts,
  queryDemoBalances,
} from './balances-day.ts';
import { type CashierDayReport, describeCashierDay, runCashierDay } from './cashier-day.ts';
import { describeEmailDay, type EmailDayReport, runEmailDay } from './email-day.ts';
import { runEmailRiskDay } from './email-risk-day.ts';
import { describeMatchDay, type MatchDayReport, runMatchDay } from './match-day.ts';
import { describeMockTradeDay, type MockTradeDayReport, runMockTradeDay } from './mock-trade-day.ts';
import { describeOpsReportsDay, type OpsReportsDayReport, runOpsReportsDay } from './ops-reports-day.ts';
import { type DemoOrdersReport, placeDemoOrders } from './orders.ts';
import { merchantApiCall } from './orders-client.ts';
import { describeOtcDay, type OtcDayReport, runOtcDay } from './otc-day.ts';
import { bankCard, personName } from './people.ts';
import { Random } from './random.ts';
import { type ReconDayReport, reconcileDemoDay } from './recon-day.ts';
import { type ReportsDayReport, rollUpDemoDay } from './reports-day.ts';
import { describeRetentionDays, type RetentionDaysReport, runRetentionDays } from './retention-days.ts';
import { describeRiskDay, type RiskDayReport, runRiskDay } from './risk-day.ts';
import {
  defineDemoLevels,
  describeRiskLevelsDay,
  type RiskLevelsDayReport,
  runRiskLevelsDay,
} from './risk-levels-day.ts';
import { type DemoSettlementReport, settleDemoDays } from './settle-day.ts';
import { describeTradeDay, runTradeDay, type TradeDayReport } from './trade-day.ts';
import { describeTradePushDay, runTradePushDay, type TradePushDayReport } from './trade-push-day.ts';
import { describeUsdtDay, runUsdtDay, type UsdtDayReport } from './usdt-day.ts';
import { describeWalletDay, runWalletDay, type WalletDayReport } from './wallet-day.ts';
import { describeWalletEmailDay, runWalletEmailDay } from './wallet-email-day.ts';

/** The built-in administrator (sys bootstrap), under whom the demo's decisions are recorded. */
const OPERATOR: Actor = { operatorId: 1, username: 'admin', locale: 'zh-CN' };

export interface DemoDayReport {
  orders: DemoOrdersReport;
  approved: number;
  rejected: number;
  refunded: number;
  withdrawalsApproved: number;
  withdrawalsRejected: number;
  detained: number;
  reservations: number;
  payouts: number;
  otc?: OtcDayReport;
  matching?: MatchDayReport;
  settlements?: DemoSettlementReport;
  reconciliation: ReconDayReport;
  usdt: UsdtDayReport;
  email?: EmailDayReport | null;
  risk?: RiskDayReport;
  riskLevels?: RiskLevelsDayReport;
  cashier?: CashierDayReport;
  emailsBlocked?: number;
  opsReports?: OpsReportsDayReport;
  reports?: ReportsDayReport;
  retention?: RetentionDaysReport;
  trades?: TradeDayReport;
  tradePush?: TradePushDayReport;
  mockTrade?: MockTradeDayReport;
  wallet?: WalletDayReport;
  walletEmail?: Awaited<ReturnType<typeof runWalletEmailDay>>;
  balances?: BalancesDayReport;
}

async function decide(run: () => Promise<unknown>): Promise<boolean> {
  try {
    await run();
    return true;
  } catch {
    // Decided meanwhile (a callback, a job) or refused by a rule: the demo moves on.
    return false;
  }
}

/** Reservation withdrawals: paid out no earlier than the time the merchant gave. */
async function placeReservations(ctx: AppContext, origin: string, r: Random, count: number) {
  const rows = await ctx.db
    .select({ mchNo: merchants.mchNo, secretEnc: merchants.secretEnc })
    .from(merchants)
    .where(eq(merchants.status, 'enabled'))
    .orderBy(asc(merchants.id))
    .limit(count);
  let placed = 0;
  for (const [i, m] of rows.entries()) {
    const card = bankCard(r);
    const res = await merchantApiCall(
      origin,
      { mchNo: m.mchNo, secret: open(ctx.keys.secretKey, m.secretEnc) },
      'withdraw/create',
      {
        mchOrderNo: `RSV${Date.now().toString(36).toUpperCase()}${i}`,
        amount: r.amount(200, 3000),
        bankName: card.bank,
        accountName: personName(r),
        accountNo: card.cardNo,
        payoutAt: String(ctx.clock.now().getTime() + (i + 1) * 3_600_000),
      },
    );
    if (res.envelope.code === 0) placed++;
  }
  return placed;
}

export async function runDemoDay(
  ctx: AppContext,
  origin: string,
  count: number,
  seed = 20261124,
): Promise<DemoDayReport> {
  const r = new Random(seed);
  // One merchant's small withdrawals pass on their own; the others' wait for an operator.
  const [last] = await ctx.db
    .select({ id: merchants.id })
    .from(merchants)
    .orderBy(desc(merchants.id))
    .limit(1);
  if (last)
    await ctx.db.insert(withdrawReviewRules).values({
      name: '小额提现自动审核',
      merchantId: last.id,
      maxAmount: '500',
      maxDailyCount: 5,
      remark: 'demo',
    });
  await fundPayoutAccounts(ctx, origin);
  const orders = await placeDemoOrders(ctx, origin, count);
  const report: DemoDayReport = {
    orders,
    approved: 0,
    rejected: 0,
    refunded: 0,
    withdrawalsApproved: 0,
    withdrawalsRejected: 0,
    detained: 0,
    reservations: await placeReservations(ctx, origin, r, 3),
    payouts: 0,
    reconciliation: { statements: 0, lines: 0, differences: 0, resolved: 0 },
    usdt: { deposits: 0, withdrawals: 0, transfers: 0 },
  };

  const inAudit = await ctx.db
    .select({ id: depositOrders.id })
    .from(depositOrders)
    .where(eq(depositOrders.status, 'in_audit'))
    .orderBy(asc(depositOrders.id));
  const approvedIds: number[] = [];
  for (const { id } of inAudit) {
    const roll = r.next();
    if (roll < 0.75) {
      const approve = () => runSystemTransition(ctx, orderDepositList, 'approve', id, { actor: OPERATOR });
      if (await decide(approve)) {
        report.approved++;
        approvedIds.push(id);
      }
    } else if (roll < 0.85) {
      const reason = '银行流水未见到账';
      if (
        await decide(() =>
          runSystemTransition(ctx, orderDepositList, 'reject', id, { actor: OPERATOR, reason }),
        )
      )
        report.rejected++;
    }
  }
  for (const id of approvedIds.slice(0, 3)) {
    const reason = '会员重复支付，原路退回';
    if (
      await decide(() =>
        runSystemTransition(ctx, orderDepositList, 'refund', id, { actor: OPERATOR, reason }),
      )
    )
      report.refunded++;
  }

  const inReview = await ctx.db
    .select({ id: withdrawOrders.id })
    .from(withdrawOrders)
    .where(and(eq(withdrawOrders.status, 'in_review')))
    .orderBy(asc(withdrawOrders.id));
  for (const { id } of inReview) {
    const roll = r.next();
    const as = { actor: OPERATOR };
    if (roll < 0.7) {
      if (await decide(() => runSystemTransition(ctx, orderTransferList, 'approve', id, as)))
        report.withdrawalsApproved++;
    } else if (roll < 0.8) {
      const reason = '收款信息与会员实名不符';
      if (await decide(() => runSystemTransition(ctx, orderTransferList, 'reject', id, { ...as, reason })))
        report.withdrawalsRejected++;
    } else if (roll < 0.88) {
      const reason = '风控复核：同卡多次大额提现';
      if (await decide(() => runSystemTransition(ctx, orderTransferList, 'detain', id, { ...as, reason })))
        report.detained++;
    }
  }
  report.retention = await runRetentionDays(ctx, origin, OPERATOR);
  report.otc = await runOtcDay(ctx, origin);
  await defineDemoLevels(ctx); // the level rules matching obeys, before the match day
  report.matching = await runMatchDay(ctx, origin);
  // The payout job's work, done now (the CLI runs no jobs; on a server the job would pick them up).
  report.payouts = (await runPayouts(ctx, 500)).paying;
  report.email = await runEmailDay(ctx, origin);
  report.emailsBlocked = await runEmailRiskDay(ctx);
  report.usdt = await runUsdtDay(ctx, origin);
  report.reconciliation = await reconcileDemoDay(ctx, origin);
  report.risk = await runRiskDay(ctx, origin);
  report.riskLevels = await runRiskLevelsDay(ctx, origin);
  report.cashier = await runCashierDay(ctx, OPERATOR);
  report.opsReports = await runOpsReportsDay(ctx, origin);
  report.trades = await runTradeDay(ctx);
  report.tradePush = await runTradePushDay(ctx, OPERATOR);
  report.mockTrade = await runMockTradeDay(ctx, origin, OPERATOR);
  report.wallet = await runWalletDay(ctx);
  report.walletEmail = await runWalletEmailDay(ctx);
  // Last: the statements of every demo day, once nothing else moves money.
  report.settlements = await settleDemoDays(ctx, OPERATOR);
  report.reports = await rollUpDemoDay(ctx);
  report.balances = await queryDemoBalances(ctx);
  return report;
}

export function describeDemoDay(d: DemoDayReport): string {
  return (
    `demo operations: ${d.approved} receipts approved, ${d.rejected} rejected, ${d.refunded} refunded; ` +
    `${d.withdrawalsApproved} withdrawals approved, ${d.withdrawalsRejected} rejected, ${d.detained} detained, ` +
    `${d.reservations} reservations, ${d.payouts} paid out; ${describeUsdtDay(d.usdt)}; ` +
    `${d.reconciliation.statements} statements reconciled (${d.reconciliation.differences} differences open); ` +
    `${d.settlements?.statements ?? 0} settlement statements, ${d.settlements?.settled ?? 0} settled` +
    (d.otc ? `\n${describeOtcDay(d.otc)}` : '') +
    (d.matching ? `\n${describeMatchDay(d.matching)}` : '') +
    (d.email ? `\n${describeEmailDay(d.email)}, ${d.emailsBlocked ?? 0} refused by risk` : '') +
    (d.risk ? `\n${describeRiskDay(d.risk)}` : '') +
    (d.riskLevels ? `\n${describeRiskLevelsDay(d.riskLevels)}` : '') +
    (d.cashier ? `\n${describeCashierDay(d.cashier)}` : '') +
    (d.opsReports ? `\n${describeOpsReportsDay(d.opsReports)}` : '') +
    (d.retention ? `\n${describeRetentionDays(d.retention)}` : '') +
    (d.trades ? `\n${describeTradeDay(d.trades)}` : '') +
    (d.tradePush ? `\n${describeTradePushDay(d.tradePush)}` : '') +
    (d.mockTrade ? `\n${describeMockTradeDay(d.mockTrade)}` : '') +
    (d.wallet ? `\n${describeWalletDay(d.wallet)}` : '') +
    (d.walletEmail ? `\n${describeWalletEmailDay(d.walletEmail)}` : '') +
    (d.balances ? `\n${describeBalancesDay(d.balances)}` : '')
  );
}
