/**
 * The third-party reports of /financeReport (issue 14): each provider's orders (the finance platform's
 * order rollup), the pushes to it and its callbacks per day, and its errors by text.
 */
import type { Bilingual } from '../../lifecycle.ts';
import { defineReport } from '../../report.ts';
import { dimensions, directionLabels, directionMeasures } from '../financeReport/common.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { THIRD_PARTY_REF } from '../payManage/third-party-ref.ts';

const thirdParty = { type: 'ref', ref: THIRD_PARTY_REF } as const;
const ROUTING = '/order/recommendRecordList';
const tpLabel = (name: string): Record<string, Bilingual> => ({
  [`field.${name}.thirdPartyId`]: ['三方', 'Third party'],
});

const sumName = 'thirdReportSum';
const sumDims = dimensions(sumName, 'passageId', 'direction', 'day');
export const thirdReportSum = defineReport({
  name: sumName,
  rollup: 'order_day',
  // Orders a provider took: the matched and USDT orders go through none.
  where: { family: ['normal', 'otc', 'zhotc'] },
  dimensions: { thirdPartyId: thirdParty, ...sumDims.dims },
  defaultDimensions: ['thirdPartyId', 'direction'],
  measures: directionMeasures(''),
  chart: { type: 'bar', x: 'thirdPartyId', y: ['amount', 'successAmount'] },
  drill: {
    page: '/order/orderDepositList',
    pageBy: {
      dimension: 'direction',
      pages: { deposit: '/order/orderDepositList', withdraw: '/order/orderTransferList' },
    },
    filters: { passageId: 'passageId' },
  },
  labels: { ...sumDims.labels, ...tpLabel(sumName), ...directionLabels(sumName, '') },
});

const pushName = 'thirdPushDayReportSum';
const pushDims = dimensions(pushName, 'day', 'passageId', 'direction');
export const thirdPushDayReportSum = defineReport({
  name: pushName,
  rollup: 'third_push',
  dimensions: { ...pushDims.dims, thirdPartyId: thirdParty },
  defaultDimensions: ['day', 'thirdPartyId'],
  measures: {
    pushes: { type: 'number', sum: 'pushes' },
    pushErrors: { type: 'number', sum: 'pushErrors' },
    pushErrorRate: { type: 'percent', ratio: ['pushErrors', 'pushes'] },
    callbacks: { type: 'number', sum: 'callbacks' },
    callbacksRefused: { type: 'number', sum: 'callbacksRefused' },
  },
  chart: { type: 'line', x: 'day', y: ['pushes', 'pushErrors', 'callbacks'] },
  drill: { page: ROUTING, filters: { passageId: 'passageId', direction: 'direction' } },
  labels: {
    ...pushDims.labels,
    ...tpLabel(pushName),
    [`field.${pushName}.pushes`]: ['推送笔数', 'Pushes'],
    [`field.${pushName}.pushErrors`]: ['推送失败', 'Push errors'],
    [`field.${pushName}.pushErrorRate`]: ['推送失败率', 'Push error rate'],
    [`field.${pushName}.callbacks`]: ['收到回调', 'Callbacks received'],
    [`field.${pushName}.callbacksRefused`]: ['拒收回调', 'Callbacks refused'],
  },
});

const ERROR_SOURCE_LABELS = {
  placement: ['下单推送', 'Order push'],
  callback: ['回调', 'Callback'],
} as const satisfies Record<string, Bilingual>;

const errName = 'thirdErrorSum';
const errDims = dimensions(errName, 'passageId', 'day');
export const thirdErrorSum = defineReport({
  name: errName,
  rollup: 'third_error',
  dimensions: {
    thirdPartyId: thirdParty,
    source: { type: 'enum', options: optionsOf(ERROR_SOURCE_LABELS) },
    error: { type: 'string' },
    ...errDims.dims,
  },
  defaultDimensions: ['thirdPartyId', 'source', 'error'],
  measures: { errors: { type: 'number', sum: 'errors' } },
  chart: { type: 'bar', x: 'thirdPartyId', y: ['errors'] },
  drill: { page: ROUTING, filters: { passageId: 'passageId' } },
  labels: {
    ...errDims.labels,
    ...tpLabel(errName),
    ...enumLabels(errName, 'source', ERROR_SOURCE_LABELS),
    [`field.${errName}.source`]: ['环节', 'Where'],
    [`field.${errName}.error`]: ['错误', 'Error'],
    [`field.${errName}.errors`]: ['次数', 'Errors'],
  },
});
