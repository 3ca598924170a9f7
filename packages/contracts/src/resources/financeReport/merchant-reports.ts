/**
 * The per-merchant, per-passage and per-member day reports and the fee reports (issue 14): deposits
 * and withdrawals side by side from the order rollup (the member report from the member rollup).
 */
import { defineReport } from '../../report.ts';
import { dimensions, directionLabels, directionMeasures, marginMeasures } from './common.ts';

const DEPOSITS = '/order/orderDepositList';
const WITHDRAWALS = '/order/orderTransferList';
const USDT_DEPOSITS = '/order/orderDepositListUSDT';
const USDT_WITHDRAWALS = '/order/orderTransferListUSDT';
const byDirection = { dimension: 'direction', pages: { deposit: DEPOSITS, withdraw: WITHDRAWALS } } as const;
/** A direction's list, the USDT lists for the chain's orders (when the row is grouped by family). */
const byDirectionAndFamily = {
  dimension: ['direction', 'family'],
  pages: {
    ...byDirection.pages,
    'deposit.usdt': USDT_DEPOSITS,
    'withdraw.usdt': USDT_WITHDRAWALS,
  },
} as const;

/**
 * The deposits of a row that has any, else its withdrawals (reports with both side by side); the
 * USDT lists when the row is grouped by family and is the chain's.
 */
const bySide = {
  page: DEPOSITS,
  pageBy: { dimension: 'family', pages: { usdt: USDT_DEPOSITS } },
  whenZero: {
    measure: 'depositCount',
    page: WITHDRAWALS,
    pageBy: { dimension: 'family', pages: { usdt: USDT_WITHDRAWALS } },
  },
} as const;

const both = (name: string) => ({
  measures: { ...directionMeasures('deposit'), ...directionMeasures('withdraw') },
  labels: { ...directionLabels(name, 'deposit'), ...directionLabels(name, 'withdraw') },
});

const merchantDay = dimensions('day_report_mertchant_page', 'day', 'merchantId', 'family');
const merchantBoth = both('day_report_mertchant_page');
export const dayReportMerchant = defineReport({
  name: 'day_report_mertchant_page',
  rollup: 'order_day',
  dimensions: merchantDay.dims,
  defaultDimensions: ['day', 'merchantId'],
  measures: merchantBoth.measures,
  chart: { type: 'line', x: 'day', y: ['depositSuccessAmount', 'withdrawSuccessAmount'] },
  drill: { ...bySide, filters: { merchantId: 'merchantId' } },
  labels: { ...merchantDay.labels, ...merchantBoth.labels },
});

const passageDay = dimensions('passage_report_day_page', 'day', 'passageId', 'family');
const passageBoth = both('passage_report_day_page');
const passageMargin = marginMeasures('passage_report_day_page');
export const passageReportDay = defineReport({
  name: 'passage_report_day_page',
  rollup: 'order_day',
  // Orders through a passage: the matched and USDT orders have none.
  where: { family: ['normal', 'otc', 'zhotc'] },
  dimensions: passageDay.dims,
  defaultDimensions: ['day', 'passageId'],
  measures: { ...passageBoth.measures, ...passageMargin.measures },
  chart: { type: 'bar', x: 'passageId', y: ['depositSuccessAmount', 'withdrawSuccessAmount'] },
  drill: { ...bySide, filters: { passageId: 'passageId' } },
  labels: { ...passageDay.labels, ...passageBoth.labels, ...passageMargin.labels },
});

const memberDay = dimensions('day_report_member_page', 'day', 'merchantId', 'memberAccount', 'family');
const memberBoth = both('day_report_member_page');
export const dayReportMember = defineReport({
  name: 'day_report_member_page',
  rollup: 'member_day',
  dimensions: memberDay.dims,
  defaultDimensions: ['day', 'merchantId', 'memberAccount'],
  measures: memberBoth.measures,
  drill: { ...bySide, filters: { merchantId: 'merchantId', memberAccount: 'memberAccount' } },
  labels: { ...memberDay.labels, ...memberBoth.labels },
});

const feeDay = dimensions('orderfee_list_report', 'day');
const feeDayMargin = marginMeasures('orderfee_list_report');
export const orderFeeReport = defineReport({
  name: 'orderfee_list_report',
  rollup: 'order_day',
  dimensions: feeDay.dims,
  defaultDimensions: ['day'],
  measures: {
    depositFee: { type: 'money', sum: 'successFee', where: { direction: 'deposit' } },
    withdrawFee: { type: 'money', sum: 'successFee', where: { direction: 'withdraw' } },
    totalFee: { type: 'money', sum: 'successFee', chart: false },
    ...feeDayMargin.measures,
    successCount: { type: 'number', sum: 'successCount' },
  },
  chart: { type: 'bar', x: 'day', y: ['depositFee', 'withdrawFee'] },
  drill: {
    page: DEPOSITS,
    fixed: { status: 'success' },
    whenZero: { measure: 'depositFee', page: WITHDRAWALS },
  },
  labels: {
    ...feeDay.labels,
    ...feeDayMargin.labels,
    'field.orderfee_list_report.depositFee': ['充值手续费', 'Deposit fees'],
    'field.orderfee_list_report.withdrawFee': ['提现手续费', 'Withdrawal fees'],
    'field.orderfee_list_report.totalFee': ['手续费合计', 'All fees'],
    'field.orderfee_list_report.successCount': ['成功笔数', 'Successes'],
  },
});

const feeDetail = dimensions('orderfee_list', 'day', 'merchantId', 'direction', 'family', 'passageId');
const feeDetailMargin = marginMeasures('orderfee_list');
export const orderFeeList = defineReport({
  name: 'orderfee_list',
  rollup: 'order_day',
  dimensions: feeDetail.dims,
  defaultDimensions: ['day', 'merchantId', 'direction'],
  measures: {
    successCount: { type: 'number', sum: 'successCount' },
    successAmount: { type: 'money', sum: 'successAmount' },
    successFee: { type: 'money', sum: 'successFee' },
    ...feeDetailMargin.measures,
  },
  drill: {
    page: DEPOSITS,
    pageBy: byDirectionAndFamily,
    filters: { merchantId: 'merchantId', passageId: 'passageId' },
    fixed: { status: 'success' },
  },
  labels: {
    ...feeDetail.labels,
    ...feeDetailMargin.labels,
    'field.orderfee_list.successCount': ['成功笔数', 'Successes'],
    'field.orderfee_list.successAmount': ['成功金额', 'Success amount'],
    'field.orderfee_list.successFee': ['手续费', 'Fees'],
  },
});
