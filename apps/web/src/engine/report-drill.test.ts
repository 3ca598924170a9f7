import { depositTypeAnalysis } from '@payops/contracts/resources/financeReport/family-reports';
import { dayReportMerchant, orderFeeList } from '@payops/contracts/resources/financeReport/merchant-reports';
import { mchMatchSynRecordReport } from '@payops/contracts/resources/opsReports/matching';
import { paymentTimeStatisticsPage } from '@payops/contracts/resources/opsReports/pay-time';
import { describe, expect, it } from 'vitest';
import { drillHref } from './report-drill.ts';

const range = { fromAt: '2026-11-29T16:00:00.000Z', toAt: '2026-11-30T16:00:00.000Z' };

describe("a report row's drill", () => {
  it('opens the USDT deposit list for a usdt row, the CNY list for the others', () => {
    for (const def of [depositTypeAnalysis, paymentTimeStatisticsPage]) {
      expect(drillHref(def, { payType: 'usdt', merchantId: 3 }, range)).toMatch(
        /^\/order\/orderDepositListUSDT\?/,
      );
      expect(drillHref(def, { payType: 'alipay', merchantId: 3 }, range)).toMatch(
        /^\/order\/orderDepositList\?.*payType=alipay/,
      );
    }
  });

  it("opens the fee list's rows by direction and family: the USDT lists for the chain's orders", () => {
    const row = { merchantId: 3, direction: 'withdraw', family: 'usdt' };
    expect(drillHref(orderFeeList, row, range)).toMatch(
      /^\/order\/orderTransferListUSDT\?status=success&merchantId=3/,
    );
    expect(drillHref(orderFeeList, { ...row, direction: 'deposit' }, range)).toMatch(
      /^\/order\/orderDepositListUSDT\?/,
    );
    expect(drillHref(orderFeeList, { ...row, family: 'normal', passageId: 7 }, range)).toMatch(
      /^\/order\/orderTransferList\?.*passageId=7/,
    );
    // Not grouped by family: the direction's list.
    const { family: _f, ...byDirection } = row;
    expect(drillHref(orderFeeList, byDirection, range)).toMatch(/^\/order\/orderTransferList\?/);
  });

  it("opens a merchant row's deposits, else its withdrawals; the USDT lists for a row grouped as the chain's", () => {
    const row = { day: '2026-11-30', merchantId: 3, depositCount: 2 };
    expect(drillHref(dayReportMerchant, row, range)).toMatch(/^\/order\/orderDepositList\?merchantId=3&/);
    expect(drillHref(dayReportMerchant, { ...row, depositCount: 0 }, range)).toMatch(
      /^\/order\/orderTransferList\?merchantId=3&/,
    );
    const usdt = { ...row, family: 'usdt' };
    expect(drillHref(dayReportMerchant, usdt, range)).toMatch(
      /^\/order\/orderDepositListUSDT\?merchantId=3&/,
    );
    expect(drillHref(dayReportMerchant, { ...usdt, depositCount: 0 }, range)).toMatch(
      /^\/order\/orderTransferListUSDT\?merchantId=3&/,
    );
    expect(drillHref(dayReportMerchant, { ...row, family: 'otc', depositCount: 0 }, range)).toMatch(
      /^\/order\/orderTransferList\?/,
    );
  });

  it("opens the matched orders' callbacks only from the match sync report", () => {
    const href = drillHref(mchMatchSynRecordReport, { mchNo: 'M100', family: 'withdraw' }, range);
    expect(href).toMatch(/^\/order\/mchNotify\?orderFamily=match&mchNo=M100&family=withdraw&createdAt=/);
  });
});
