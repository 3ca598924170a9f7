/**
 * paymentTimeStatisticsPage (issue 14): successful deposits by the time from their creation to their
 * success, per bucket, from the finance platform's order rollup (its payTime columns as rows).
 */
import { defineReport } from '../../report.ts';
import { dimensions } from '../financeReport/common.ts';
import { bucketDimension } from './matching.ts';

const name = 'paymentTimeStatisticsPage';
const dims = dimensions(name, 'day', 'merchantId', 'payType', 'family');
const bucket = bucketDimension(name);
export const paymentTimeStatisticsPage = defineReport({
  name,
  rollup: 'pay_time',
  where: { direction: 'deposit' },
  dimensions: { bucket: bucket.dim, ...dims.dims },
  defaultDimensions: ['bucket'],
  measures: { orders: { type: 'number', sum: 'orders' } },
  chart: { type: 'bar', x: 'bucket', y: ['orders'] },
  drill: {
    page: '/order/orderDepositList',
    filters: { merchantId: 'merchantId', payType: 'payType' },
    fixed: { status: 'success' },
    // USDT deposits have their own list (the CNY list offers no usdt pay type).
    pageBy: { dimension: 'payType', pages: { usdt: '/order/orderDepositListUSDT' } },
  },
  labels: {
    ...dims.labels,
    ...bucket.labels,
    ...bucket.field,
    [`field.${name}.orders`]: ['成功笔数', 'Successful deposits'],
    [`help.${name}`]: [
      '成功充值从创建到成功的用时分布（按创建日统计）。',
      'Successful deposits by the time from creation to success (by the day they were created).',
    ],
  },
});
