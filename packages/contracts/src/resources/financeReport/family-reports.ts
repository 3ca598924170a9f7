/**
 * Income and expense per order family (issue 14): normal, matched and virtual (USDT) deposits and
 * withdrawals per day and merchant; deposits by pay type; withdrawals by amount band.
 */
import type { Bilingual } from '../../lifecycle.ts';
import { defineReport } from '../../report.ts';
import { ORDER_FAMILIES } from '../order/order-family.ts';
import { AMOUNT_BANDS, amountBandLabels } from './buckets.ts';
import { dimensions, directionLabels, directionMeasures } from './common.ts';

const INCOME: Bilingual = ['收入', 'Income'];
const EXPENSE: Bilingual = ['支出', 'Expense'];

/** One family's deposits or withdrawals per day and merchant, linking to that family's order list. */
function familyReport(
  name: string,
  family: 'normal' | 'match' | 'usdt',
  direction: 'deposit' | 'withdraw',
  page: string,
) {
  const dims = dimensions(name, 'day', 'merchantId');
  return defineReport({
    name,
    rollup: 'order_day',
    where: { family, direction },
    dimensions: dims.dims,
    defaultDimensions: ['day', 'merchantId'],
    measures: directionMeasures(''),
    chart: { type: 'line', x: 'day', y: ['successAmount'] },
    drill: {
      page,
      filters: { merchantId: 'merchantId' },
      ...(family === 'normal' ? { fixed: { family } } : {}),
    },
    labels: { ...dims.labels, ...directionLabels(name, '', direction === 'deposit' ? INCOME : EXPENSE) },
  });
}

export const normalDepositList = familyReport(
  'normalDepositList',
  'normal',
  'deposit',
  '/order/orderDepositList',
);
export const normalWithdrawList = familyReport(
  'normalWithdrawList',
  'normal',
  'withdraw',
  '/order/orderTransferList',
);
export const matchDepositList = familyReport(
  'matchDepositList',
  'match',
  'deposit',
  '/order/orderDepositListMatch',
);
export const matchWithdrawList = familyReport(
  'matchWithdrawList',
  'match',
  'withdraw',
  '/order/orderTransferListMatch',
);
export const virtualDepositList = familyReport(
  'virtualDepositList',
  'usdt',
  'deposit',
  '/order/orderDepositListUSDT',
);
export const virtualWithdrawList = familyReport(
  'virtualWithdrawList',
  'usdt',
  'withdraw',
  '/order/orderTransferListUSDT',
);

const payTypes = dimensions('depositTypeAnalysis', 'payType', 'day', 'merchantId');
export const depositTypeAnalysis = defineReport({
  name: 'depositTypeAnalysis',
  rollup: 'order_day',
  where: { direction: 'deposit' },
  dimensions: payTypes.dims,
  defaultDimensions: ['payType'],
  measures: directionMeasures(''),
  chart: { type: 'pie', x: 'payType', y: ['successAmount'] },
  drill: {
    page: '/order/orderDepositList',
    filters: { payType: 'payType', merchantId: 'merchantId' },
    // USDT deposits have their own list (the CNY list offers no usdt pay type).
    pageBy: { dimension: 'payType', pages: { usdt: '/order/orderDepositListUSDT' } },
  },
  labels: { ...payTypes.labels, ...directionLabels('depositTypeAnalysis', '') },
});

/** A band's value is its amount range as the order list's amount filter reads it (`100,499.99`). */
export const AMOUNT_BAND_VALUES = AMOUNT_BANDS.map((low, i) => {
  const next = AMOUNT_BANDS[i + 1];
  return next ? `${low},${(Number(next) - 0.01).toFixed(2)}` : `${low},`;
});

const bandDims = dimensions('transferAmountStatistics', 'day', 'merchantId');
export const transferAmountStatistics = defineReport({
  name: 'transferAmountStatistics',
  rollup: 'order_band',
  // The CNY withdrawals its drill list shows: the bands are CNY amounts (USDT ones have their own list).
  where: { direction: 'withdraw', family: ORDER_FAMILIES },
  dimensions: {
    band: { type: 'enum', options: AMOUNT_BAND_VALUES.map((value, i) => ({ value, label: `band.${i}` })) },
    ...bandDims.dims,
  },
  defaultDimensions: ['band'],
  measures: {
    orderCount: { type: 'number', sum: 'orderCount' },
    successCount: { type: 'number', sum: 'successCount' },
    successAmount: { type: 'money', sum: 'successAmount' },
    successRate: { type: 'percent', ratio: ['successCount', 'orderCount'] },
  },
  chart: { type: 'bar', x: 'band', y: ['orderCount', 'successCount'] },
  drill: { page: '/order/orderTransferList', filters: { amount: 'band', merchantId: 'merchantId' } },
  labels: {
    ...bandDims.labels,
    ...amountBandLabels(),
    'field.transferAmountStatistics.band': ['金额区间', 'Amount range'],
    'field.transferAmountStatistics.orderCount': ['订单数', 'Orders'],
    'field.transferAmountStatistics.successCount': ['成功笔数', 'Successes'],
    'field.transferAmountStatistics.successAmount': ['成功金额', 'Success amount'],
    'field.transferAmountStatistics.successRate': ['成功率', 'Success rate'],
  },
});
