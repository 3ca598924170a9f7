/**
 * The member reports of /financeReport (issue 14): level promotion, first-deposit retention (by the
 * day of the first deposit, and by the level the member had then) as heat-map tables, and first
 * deposits by channel. Read from the operations rollups (server modules/opsReports).
 */
import type { Bilingual } from '../../lifecycle.ts';
import { defineReport, type ReportMeasureInput } from '../../report.ts';
import { dimensions } from '../financeReport/common.ts';
import { RETENTION_DAYS } from './time-buckets.ts';

const DEPOSITS = '/order/orderDepositList';

const levelName = 'normalLevelReport';
const levelDims = dimensions(levelName, 'day');
export const normalLevelReport = defineReport({
  name: levelName,
  rollup: 'level_day',
  dimensions: {
    ...levelDims.dims,
    mchNo: { type: 'string' },
    toLevel: { type: 'string' },
    fromLevel: { type: 'string' },
  },
  defaultDimensions: ['day', 'toLevel'],
  measures: {
    promoted: { type: 'number', sum: 'promoted' },
    demoted: { type: 'number', sum: 'demoted' },
  },
  chart: { type: 'bar', x: 'day', y: ['promoted', 'demoted'] },
  // The members now at the level reached (the member list has no time of a level change).
  drill: { page: '/member/memberList', range: false, filters: { level: 'toLevel', mchNo: 'mchNo' } },
  labels: {
    ...levelDims.labels,
    [`field.${levelName}.mchNo`]: ['商户号', 'Merchant no.'],
    [`field.${levelName}.toLevel`]: ['调整后等级', 'Level reached'],
    [`field.${levelName}.fromLevel`]: ['原等级', 'Previous level'],
    [`field.${levelName}.promoted`]: ['升级人数', 'Promoted'],
    [`field.${levelName}.demoted`]: ['降级人数', 'Demoted'],
  },
});

/** Members, first-deposit amount, and per N of RETENTION_DAYS the members back by day N and their share. */
function retentionMeasures() {
  const out: Record<string, ReportMeasureInput> = {
    members: { type: 'number', sum: 'members' },
    amount: { type: 'money', sum: 'amount' },
  };
  for (const n of RETENTION_DAYS) {
    out[`back${n}`] = { type: 'number', sum: `back${n}`, list: false };
    out[`rate${n}`] = { type: 'percent', ratio: [`back${n}`, 'members'], heat: true };
  }
  return out;
}

function retentionLabels(name: string): Record<string, Bilingual> {
  const out: Record<string, Bilingual> = {
    [`field.${name}.members`]: ['首充人数', 'First depositors'],
    [`field.${name}.amount`]: ['首充金额', 'First-deposit amount'],
    [`help.${name}`]: [
      'N日留存：首充日为D的会员中，在D+1至D+N日内（按平台时区切日）再次成功充值的人数占比；当天的再次充值不计。',
      'Day-N retention: of the members whose first deposit was on day D, the share who made another successful deposit on one of days D+1 to D+N (days cut in the platform time zone); a second deposit on day D itself does not count.',
    ],
  };
  for (const n of RETENTION_DAYS) {
    out[`field.${name}.back${n}`] = [`${n}日内复充人数`, `Back by day ${n}`];
    out[`field.${name}.rate${n}`] = [`${n}日留存`, `Day-${n} retention`];
  }
  return out;
}

const cohortName = 'firstDepositRetentionReport';
const cohortDims = dimensions(cohortName, 'day', 'merchantId');
export const firstDepositRetentionReport = defineReport({
  name: cohortName,
  rollup: 'first_deposit_cohort',
  dimensions: cohortDims.dims,
  defaultDimensions: ['day'],
  measures: retentionMeasures(),
  drill: { page: DEPOSITS, filters: { merchantId: 'merchantId' }, fixed: { status: 'success' } },
  labels: { ...cohortDims.labels, ...retentionLabels(cohortName) },
});

const levelCohortName = 'firstDepositLevelRetentionReport';
const levelCohortDims = dimensions(levelCohortName, 'day', 'merchantId');
export const firstDepositLevelRetentionReport = defineReport({
  name: levelCohortName,
  rollup: 'first_deposit_cohort',
  dimensions: { level: { type: 'string' }, ...levelCohortDims.dims },
  defaultDimensions: ['level'],
  measures: retentionMeasures(),
  drill: { page: DEPOSITS, filters: { merchantId: 'merchantId' }, fixed: { status: 'success' } },
  labels: {
    ...levelCohortDims.labels,
    ...retentionLabels(levelCohortName),
    [`field.${levelCohortName}.level`]: ['首充时等级', 'Level at first deposit'],
  },
});

const channelName = 'firstDepositChannelStatistics';
const channelDims = dimensions(channelName, 'passageId', 'payType', 'day', 'merchantId');
export const firstDepositChannelStatistics = defineReport({
  name: channelName,
  rollup: 'first_deposit_channel',
  dimensions: channelDims.dims,
  defaultDimensions: ['passageId'],
  measures: {
    firstDeposits: { type: 'number', sum: 'firstDeposits' },
    amount: { type: 'money', sum: 'amount', chart: false },
    avgAmount: { type: 'money', ratio: ['amount', 'firstDeposits'], chart: false },
  },
  chart: { type: 'pie', x: 'passageId', y: ['firstDeposits'] },
  drill: {
    page: DEPOSITS,
    filters: { passageId: 'passageId', payType: 'payType', merchantId: 'merchantId' },
    fixed: { status: 'success' },
  },
  labels: {
    ...channelDims.labels,
    [`field.${channelName}.firstDeposits`]: ['首充人数', 'First deposits'],
    [`field.${channelName}.amount`]: ['首充金额', 'First-deposit amount'],
    [`field.${channelName}.avgAmount`]: ['平均首充金额', 'Average first deposit'],
  },
});
