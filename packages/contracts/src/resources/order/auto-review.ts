/**
 * Withdrawal auto-review rules (/payManage/autoReviewList). When a withdrawal enters review, the
 * enabled rules that apply to its merchant (a rule without a merchant applies to all) are tried; the
 * first whose every condition holds approves it at once (the `autoApprove` transition, same
 * transaction). A condition left empty always holds; with no rule passing, an operator decides.
 */
import { bilingual, defineResource } from '../../resource.ts';

export const autoReviewList = defineResource({
  name: 'autoReviewList',
  group: 'payManage',
  api: '/api/pay/autoReview',
  // A handful of rules: filters need no index.
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 50 } },
    merchantId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      form: true,
      ref: { resource: 'mchList', labelField: 'mchNo' },
    },
    maxAmount: { type: 'money', list: true, currency: 'CNY', form: { minAmount: '0.01' } },
    maxDailyCount: { type: 'number', list: true, form: { min: 1, max: 1000 } },
    hoursFrom: {
      type: 'string',
      list: true,
      form: { pattern: '([01][0-9]|2[0-3]):[0-5][0-9]', patternMessage: 'pattern.autoReviewList.hhmm' },
    },
    hoursTo: {
      type: 'string',
      list: true,
      form: { pattern: '([01][0-9]|2[0-3]):[0-5][0-9]', patternMessage: 'pattern.autoReviewList.hhmm' },
    },
    enabled: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
    remark: { type: 'string', list: true, form: { max: 200 } },
    createdAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  needsCode: ['add', 'edit', 'remove'],
  labels: bilingual({
    'field.autoReviewList.id': ['编号', 'ID'],
    'field.autoReviewList.name': ['规则名称', 'Rule name'],
    'field.autoReviewList.merchantId': ['商户（空=全部）', 'Merchant (empty = all)'],
    'field.autoReviewList.maxAmount': ['单笔最大金额', 'Max amount per order'],
    'field.autoReviewList.maxDailyCount': ['会员每日最多提现次数', "Member's withdrawals per day, at most"],
    'field.autoReviewList.hoursFrom': ['营业开始(北京时间)', 'Business hours from (UTC+8)'],
    'field.autoReviewList.hoursTo': ['营业结束(北京时间)', 'Business hours to (UTC+8)'],
    'field.autoReviewList.enabled': ['启用', 'Enabled'],
    'field.autoReviewList.remark': ['备注', 'Remark'],
    'field.autoReviewList.createdAt': ['创建时间', 'Created at'],
    'pattern.autoReviewList.hhmm': ['请输入 HH:mm，如 09:30', 'Enter HH:mm, e.g. 09:30'],
  }),
});
