/**
 * The matching rules (payManage/match_rule_list) and the per-merchant split and pool settings
 * (payManage/match_ordersplit_mch_List). A deposit takes the first enabled rule (lowest id) whose
 * amount range holds it: exact (one withdrawal takes the whole deposit) or split (up to the merchant's
 * max pieces, each at least its min split amount); which members may pair is the risk levels' rule
 * (financeRisk credit_level / macth_level), not the match rule's; entries waiting longer than its max
 * wait are left to the operators (manual match); candidates go by priority, then age or amount.
 * A merchant's orders match those of the merchants of the same pool group (its own orders only when
 * it has no settings).
 */
import type { Bilingual } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';

const MODE_LABELS = { exact: ['整单匹配', 'Exact'], split: ['拆单匹配', 'Split'] } as const satisfies Record<
  string,
  Bilingual
>;
const PRIORITY_LABELS = {
  age: ['先入池优先', 'Oldest first'],
  amount: ['大额优先', 'Largest first'],
} as const;

export const MATCH_MODES = ['exact', 'split'] as const;
export const MATCH_PRIORITIES = ['age', 'amount'] as const;

export const match_rule_list = defineResource({
  name: 'match_rule_list',
  group: 'payManage',
  api: '/api/pay/matchRule',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 50 } },
    minAmount: { type: 'money', list: true, currency: 'CNY', form: { required: true, minAmount: '0.01' } },
    maxAmount: { type: 'money', list: true, currency: 'CNY', form: { required: true, minAmount: '0.01' } },
    mode: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: optionsOf(MODE_LABELS),
      form: { required: true },
    },
    maxWaitMinutes: { type: 'number', list: true, form: { required: true, min: 1, max: 10080 } },
    priority: {
      type: 'enum',
      list: true,
      options: optionsOf(PRIORITY_LABELS),
      form: { required: true },
    },
    payMinutes: { type: 'number', list: true, form: { required: true, min: 1, max: 1440 } },
    confirmMinutes: { type: 'number', list: true, form: { required: true, min: 1, max: 1440 } },
    enabled: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
    createdAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  needsCode: ['add', 'edit', 'remove'],
  labels: bilingual({
    'field.match_rule_list.id': ['编号', 'ID'],
    'field.match_rule_list.name': ['规则名称', 'Rule name'],
    'field.match_rule_list.minAmount': ['最小金额', 'Min amount'],
    'field.match_rule_list.maxAmount': ['最大金额', 'Max amount'],
    'field.match_rule_list.mode': ['匹配方式', 'Mode'],
    ...enumLabels('match_rule_list', 'mode', MODE_LABELS),
    'field.match_rule_list.maxWaitMinutes': ['最长等待(分钟)', 'Max wait (minutes)'],
    'field.match_rule_list.priority': ['优先规则', 'Priority'],
    ...enumLabels('match_rule_list', 'priority', PRIORITY_LABELS),
    'field.match_rule_list.payMinutes': ['付款时限(分钟)', 'Time to pay (minutes)'],
    'field.match_rule_list.confirmMinutes': ['确认时限(分钟)', 'Time to confirm (minutes)'],
    'field.match_rule_list.enabled': ['启用', 'Enabled'],
    'field.match_rule_list.createdAt': ['创建时间', 'Created at'],
  }),
});

export const match_ordersplit_mch_List = defineResource({
  name: 'match_ordersplit_mch_List',
  group: 'payManage',
  api: '/api/pay/matchSplit',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    merchantId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      form: { required: true },
      ref: { resource: 'mchList', labelField: 'mchNo' },
    },
    poolGroup: { type: 'string', list: true, filter: 'eq', form: { required: true, min: 1, max: 30 } },
    minSplitAmount: {
      type: 'money',
      list: true,
      currency: 'CNY',
      form: { required: true, minAmount: '0.01' },
    },
    maxPieces: { type: 'number', list: true, form: { required: true, min: 1, max: 20 } },
    maxPoolAmount: { type: 'money', list: true, currency: 'CNY', form: { minAmount: '0.01' } },
    enabled: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
    createdAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  needsCode: ['add', 'edit', 'remove'],
  labels: bilingual({
    'field.match_ordersplit_mch_List.id': ['编号', 'ID'],
    'field.match_ordersplit_mch_List.merchantId': ['商户号', 'Merchant no.'],
    'field.match_ordersplit_mch_List.poolGroup': ['撮合分组', 'Pool group'],
    'field.match_ordersplit_mch_List.minSplitAmount': ['最小拆分金额', 'Min split amount'],
    'field.match_ordersplit_mch_List.maxPieces': ['最多拆分笔数', 'Max pieces'],
    'field.match_ordersplit_mch_List.maxPoolAmount': ['入池单笔上限', 'Max amount in pool'],
    'field.match_ordersplit_mch_List.enabled': ['启用', 'Enabled'],
    'field.match_ordersplit_mch_List.createdAt': ['创建时间', 'Created at'],
  }),
});
