/**
 * financeRisk/giftRiskConfigPage and giftRiskLogPage: promotional-credit abuse. A merchant asks
 * `POST /openapi/v1/gift/claim` before granting a gift; a claim is refused when more than `maxAccounts`
 * members claimed within `windowHours` from the same IP, device, card or payer name. Every decision is
 * logged, allowed or refused, with the rule that refused it.
 */
import { bilingual, defineResource } from '../../resource.ts';
import { GIFT_DIMENSION_LABELS, GIFT_DIMENSIONS } from './gift-dimensions.ts';

const dimensionOptions = [
  { value: 'ip', color: 'blue' },
  { value: 'device', color: 'purple' },
  { value: 'card', color: 'gold' },
  { value: 'payerName', color: 'cyan' },
];

export const giftRiskConfigPage = defineResource({
  name: 'giftRiskConfigPage',
  group: 'financeRisk',
  api: '/api/financeRisk/giftRiskConfigPage',
  small: true,
  fields: {
    id: { type: 'number', list: true },
    dimension: {
      type: 'enum',
      list: true,
      filter: 'eq',
      form: { required: true },
      options: dimensionOptions,
    },
    maxAccounts: { type: 'number', list: true, form: { required: true, min: 1, max: 1000 } },
    windowHours: { type: 'number', list: true, form: { required: true, min: 1, max: 720 } },
    enabled: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
    updatedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    'field.giftRiskConfigPage.id': ['编号', 'ID'],
    'field.giftRiskConfigPage.dimension': ['共用维度', 'Shared'],
    'field.giftRiskConfigPage.maxAccounts': ['最多会员数', 'Most members'],
    'field.giftRiskConfigPage.windowHours': ['时间窗口(小时)', 'Window (hours)'],
    'field.giftRiskConfigPage.enabled': ['启用', 'Enabled'],
    'field.giftRiskConfigPage.updatedAt': ['更新时间', 'Updated at'],
    ...Object.fromEntries(
      GIFT_DIMENSIONS.map((d) => [`enum.giftRiskConfigPage.dimension.${d}`, GIFT_DIMENSION_LABELS[d]]),
    ),
  }),
});

export const giftRiskLogPage = defineResource({
  name: 'giftRiskLogPage',
  group: 'financeRisk',
  api: '/api/financeRisk/giftRiskLogPage',
  fields: {
    id: { type: 'number', list: true, sort: true },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    memberAccount: { type: 'string', list: true, filter: 'eq' },
    amount: { type: 'money', list: true, currency: 'CNY' },
    ip: { type: 'string', list: true, filter: 'eq' },
    device: { type: 'string', list: true },
    card: { type: 'string', list: true, mask: 'bankCard' },
    payerName: { type: 'string', list: true, mask: 'name' },
    decision: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'allow', color: 'green' },
        { value: 'deny', color: 'red' },
      ],
    },
    dimension: { type: 'enum', list: true, options: dimensionOptions },
    // A system text (`@giftShared.<dimension>: members/at most/hours`), read in the reader's language.
    reason: { type: 'text', list: true },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.giftRiskLogPage.id': ['编号', 'ID'],
    'field.giftRiskLogPage.mchNo': ['商户号', 'Merchant no.'],
    'field.giftRiskLogPage.memberAccount': ['会员账号', 'Member account'],
    'field.giftRiskLogPage.amount': ['赠送金额', 'Gift amount'],
    'field.giftRiskLogPage.ip': ['IP', 'IP'],
    'field.giftRiskLogPage.device': ['设备', 'Device'],
    'field.giftRiskLogPage.card': ['银行卡', 'Card'],
    'field.giftRiskLogPage.payerName': ['付款人', 'Payer'],
    'field.giftRiskLogPage.decision': ['决定', 'Decision'],
    'field.giftRiskLogPage.dimension': ['命中维度', 'Shared'],
    'field.giftRiskLogPage.reason': ['说明', 'Why'],
    'field.giftRiskLogPage.createdAt': ['时间', 'At'],
    'enum.giftRiskLogPage.decision.allow': ['放行', 'Allowed'],
    'enum.giftRiskLogPage.decision.deny': ['拒绝', 'Refused'],
    'enum.giftRiskLogPage.dimension.ip': ['IP', 'IP'],
    'enum.giftRiskLogPage.dimension.device': ['设备', 'Device'],
    'enum.giftRiskLogPage.dimension.card': ['银行卡', 'Card'],
    'enum.giftRiskLogPage.dimension.payerName': ['付款人姓名', 'Payer name'],
  }),
});
