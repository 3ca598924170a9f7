/**
 * The matching reports of /financeReport (issue 14): matches per day and per merchant pair, the time
 * withdrawals waited in the pool to be matched, and the callbacks telling merchants of their matched
 * orders (merchant match sync records). Read from the operations rollups (server modules/opsReports).
 */
import type { Bilingual } from '../../lifecycle.ts';
import { defineReport, type ReportMeasureInput } from '../../report.ts';
import { PAY_TIME_BUCKETS } from '../financeReport/buckets.ts';
import { dimensions } from '../financeReport/common.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { bucketValueLabels, timeBucketLabels } from './time-buckets.ts';

const mch = { resource: 'mchList', labelField: 'mchNo' } as const;
const MATCHES = '/order/findTransferMatchByPage';

const matchMeasures = {
  matches: { type: 'number', sum: 'matches' },
  amount: { type: 'money', sum: 'amount' },
  confirmed: { type: 'number', sum: 'confirmed' },
  confirmedAmount: { type: 'money', sum: 'confirmedAmount' },
  confirmedFee: { type: 'money', sum: 'confirmedFee', chart: false },
  failed: { type: 'number', sum: 'failed' },
  failedAmount: { type: 'money', sum: 'failedAmount', chart: false },
  open: { type: 'number', sum: 'open' },
  confirmRate: { type: 'percent', ratio: ['confirmed', 'matches'] },
  confirmSeconds: { type: 'number', sum: 'confirmSeconds', list: false, chart: false },
  avgConfirmSeconds: { type: 'number', ratio: ['confirmSeconds', 'confirmed'] },
} as const satisfies Record<string, ReportMeasureInput>;

function matchLabels(name: string): Record<string, Bilingual> {
  const f = (k: string, zh: string, en: string): [string, Bilingual] => [`field.${name}.${k}`, [zh, en]];
  return Object.fromEntries([
    f('depositMerchantId', '充值商户', 'Depositing merchant'),
    f('withdrawMerchantId', '提现商户', 'Withdrawing merchant'),
    f('matches', '匹配笔数', 'Matches'),
    f('amount', '匹配金额', 'Matched amount'),
    f('confirmed', '确认笔数', 'Confirmed'),
    f('confirmedAmount', '确认金额', 'Confirmed amount'),
    f('confirmedFee', '充值手续费', 'Deposit fees'),
    f('failed', '超时/取消笔数', 'Timed out or cancelled'),
    f('failedAmount', '超时/取消金额', 'Timed out or cancelled amount'),
    f('open', '进行中', 'Open'),
    f('confirmRate', '确认率', 'Confirm rate'),
    f('confirmSeconds', '确认用时合计(秒)', 'Time to confirm, total (s)'),
    f('avgConfirmSeconds', '平均确认用时(秒)', 'Average time to confirm (s)'),
  ]);
}

const matchDims = (name: string) => {
  const day = dimensions(name, 'day');
  return {
    dims: {
      ...day.dims,
      depositMerchantId: { type: 'ref', ref: mch },
      withdrawMerchantId: { type: 'ref', ref: mch },
    } as const,
    labels: { ...day.labels, ...matchLabels(name) },
  };
};

const matchDrill = {
  page: MATCHES,
  filters: { depositMerchantId: 'depositMerchantId', withdrawMerchantId: 'withdrawMerchantId' },
} as const;

const dayDims = matchDims('matchDayReportSum');
export const matchDayReportSum = defineReport({
  name: 'matchDayReportSum',
  rollup: 'match_day',
  dimensions: dayDims.dims,
  defaultDimensions: ['day'],
  measures: matchMeasures,
  chart: { type: 'line', x: 'day', y: ['amount', 'confirmedAmount'] },
  drill: matchDrill,
  labels: dayDims.labels,
});

const sumDims = matchDims('matchReportSum');
export const matchReportSum = defineReport({
  name: 'matchReportSum',
  rollup: 'match_day',
  dimensions: sumDims.dims,
  defaultDimensions: ['depositMerchantId'],
  measures: matchMeasures,
  chart: { type: 'bar', x: 'depositMerchantId', y: ['amount', 'confirmedAmount'] },
  drill: matchDrill,
  labels: sumDims.labels,
});

/** The buckets of a time distribution as an enum dimension: values '0'.., labels `bucket.<i>`. */
export function bucketDimension(name: string) {
  return {
    dim: {
      type: 'enum',
      options: PAY_TIME_BUCKETS.map((_, i) => ({ value: String(i), label: `bucket.${i}` })),
    } as const,
    // The chart names a value by its option's label, the table's cell by enum.<report>.bucket.<value>.
    labels: { ...timeBucketLabels(), ...enumLabels(name, 'bucket', bucketValueLabels()) },
    field: { [`field.${name}.bucket`]: ['用时区间', 'Time taken'] } as Record<string, Bilingual>,
  };
}

const waitName = 'matchingWithdrawalTimeStatisticsQuery';
const waitDays = dimensions(waitName, 'day');
const waitBucket = bucketDimension(waitName);
export const matchingWithdrawalTimeStatisticsQuery = defineReport({
  name: waitName,
  rollup: 'match_wait',
  dimensions: {
    bucket: waitBucket.dim,
    ...waitDays.dims,
    withdrawMerchantId: { type: 'ref', ref: mch },
  },
  defaultDimensions: ['bucket'],
  measures: {
    pieces: { type: 'number', sum: 'pieces' },
    amount: { type: 'money', sum: 'amount', chart: false },
    waitSeconds: { type: 'number', sum: 'waitSeconds', list: false, chart: false },
    avgWaitSeconds: { type: 'number', ratio: ['waitSeconds', 'pieces'], chart: false },
  },
  chart: { type: 'bar', x: 'bucket', y: ['pieces'] },
  drill: { page: MATCHES, filters: { withdrawMerchantId: 'withdrawMerchantId' } },
  labels: {
    ...waitDays.labels,
    ...waitBucket.labels,
    ...waitBucket.field,
    [`field.${waitName}.withdrawMerchantId`]: ['提现商户', 'Withdrawing merchant'],
    [`field.${waitName}.pieces`]: ['匹配笔数', 'Matches'],
    [`field.${waitName}.amount`]: ['匹配金额', 'Matched amount'],
    [`field.${waitName}.waitSeconds`]: ['等待用时合计(秒)', 'Time waited, total (s)'],
    [`field.${waitName}.avgWaitSeconds`]: ['平均等待(秒)', 'Average wait (s)'],
    [`help.${waitName}`]: [
      '提现进入撮合池到每一笔匹配生成的用时（按匹配生成日统计）。',
      'Time from a withdrawal entering the match pool to each of its matches (by the day of the match).',
    ],
  },
});

const SYNC_FAMILY_LABELS = {
  deposit: ['充值', 'Deposit'],
  withdraw: ['提现', 'Withdrawal'],
} as const satisfies Record<string, Bilingual>;

const syncName = 'mchMatchSynRecordReport';
const syncDays = dimensions(syncName, 'day');
export const mchMatchSynRecordReport = defineReport({
  name: syncName,
  rollup: 'match_sync',
  dimensions: {
    ...syncDays.dims,
    mchNo: { type: 'string' },
    family: { type: 'enum', options: optionsOf(SYNC_FAMILY_LABELS) },
  },
  defaultDimensions: ['day', 'mchNo'],
  measures: {
    callbacks: { type: 'number', sum: 'callbacks' },
    delivered: { type: 'number', sum: 'delivered' },
    failed: { type: 'number', sum: 'failed' },
    pending: { type: 'number', sum: 'pending' },
    attempts: { type: 'number', sum: 'attempts', chart: false },
    deliveryRate: { type: 'percent', ratio: ['delivered', 'callbacks'] },
    amount: { type: 'money', sum: 'amount', chart: false },
    deliveredAmount: { type: 'money', sum: 'deliveredAmount', chart: false },
  },
  chart: { type: 'line', x: 'day', y: ['callbacks', 'delivered', 'failed'] },
  drill: {
    page: '/order/mchNotify',
    filters: { mchNo: 'mchNo', family: 'family' },
    fixed: { orderFamily: 'match' },
  },
  labels: {
    ...syncDays.labels,
    [`field.${syncName}.mchNo`]: ['商户号', 'Merchant no.'],
    [`field.${syncName}.family`]: ['订单方向', 'Direction'],
    ...enumLabels(syncName, 'family', SYNC_FAMILY_LABELS),
    [`field.${syncName}.callbacks`]: ['同步笔数', 'Records synced'],
    [`field.${syncName}.delivered`]: ['商户已确认', 'Confirmed by merchant'],
    [`field.${syncName}.failed`]: ['同步失败', 'Failed'],
    [`field.${syncName}.pending`]: ['待同步', 'Waiting'],
    [`field.${syncName}.attempts`]: ['推送次数', 'Attempts'],
    [`field.${syncName}.deliveryRate`]: ['确认率', 'Confirm rate'],
    [`field.${syncName}.amount`]: ['订单金额', 'Order amount'],
    [`field.${syncName}.deliveredAmount`]: ['已确认金额', 'Confirmed amount'],
    [`help.${syncName}`]: [
      '撮合订单的结果回调给商户的记录：商户应答成功即为已确认。',
      "Callbacks telling merchants of their matched orders' outcomes: confirmed once the merchant acknowledged.",
    ],
  },
});
