/**
 * financeRisk/findByPage: account risk conditions, the auto-blacklist rules. A rule of a `kind` fires
 * when a member reaches `threshold` events within `windowHours`; the member is then black-listed
 * automatically (an `auto` list entry carrying the rule and the evidence), which an operator confirms
 * or lifts on the black-list pages. Each firing is kept as a hit (the rule, the subject, the evidence).
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource } from '../../resource.ts';

export const RISK_RULE_KINDS = ['cancellations', 'repeatAmount', 'distinctAccounts'] as const;
export type RiskRuleKind = (typeof RISK_RULE_KINDS)[number];

const KIND_OPTIONS = [
  { value: 'cancellations', color: 'orange' },
  { value: 'repeatAmount', color: 'purple' },
  { value: 'distinctAccounts', color: 'red' },
];
const KIND_LABELS = {
  cancellations: ['取消订单次数', 'Cancelled orders'],
  repeatAmount: ['相同金额充值次数', 'Repeated identical deposits'],
  distinctAccounts: ['同IP不同会员数', 'Members on one IP'],
} as const;
const kindLabels = (resource: string) =>
  Object.fromEntries(
    Object.entries(KIND_LABELS).map(([k, v]) => [`enum.${resource}.kind.${k}`, v]),
  ) as Record<string, readonly [string, string]>;

export const riskConditions = defineResource({
  name: 'findByPage',
  group: 'financeRisk',
  api: '/api/financeRisk/findByPage',
  small: true,
  fields: {
    id: { type: 'number', list: true },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, max: 60 } },
    kind: { type: 'enum', list: true, filter: 'eq', form: { required: true }, options: KIND_OPTIONS },
    threshold: { type: 'number', list: true, form: { required: true, min: 2, max: 10_000 } },
    windowHours: { type: 'number', list: true, form: { required: true, min: 1, max: 720 } },
    enabled: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
    hits: { type: 'number', list: true, virtual: true },
    remark: { type: 'string', list: true, form: { max: 200 } },
    updatedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  children: [{ resource: 'riskRuleHits', foreignKey: 'ruleId' }],
  labels: bilingual({
    'field.findByPage.id': ['编号', 'ID'],
    'field.findByPage.name': ['规则名称', 'Rule'],
    'field.findByPage.kind': ['条件类型', 'Condition'],
    'field.findByPage.threshold': ['次数≥', 'Count ≥'],
    'field.findByPage.windowHours': ['时间窗口(小时)', 'Window (hours)'],
    'field.findByPage.enabled': ['启用', 'Enabled'],
    'field.findByPage.hits': ['触发次数', 'Times fired'],
    'field.findByPage.remark': ['备注', 'Remark'],
    'field.findByPage.updatedAt': ['更新时间', 'Updated at'],
    ...kindLabels('findByPage'),
    'child.findByPage.riskRuleHits': ['触发记录', 'Firings'],
  }),
});

/**
 * A firing waits for an operator: confirmed keeps the black-list entry (and says someone looked);
 * lifting is the black-list page's own `lift` transition on the entry (`entryStatus` follows it).
 */
export const riskRuleHitLifecycle = defineLifecycle({
  states: {
    pending: { color: 'orange', label: ['待确认', 'To confirm'] },
    confirmed: { color: 'red', label: ['已确认', 'Confirmed'] },
  },
  transitions: {
    confirm: {
      from: ['pending'],
      to: 'confirmed',
      label: ['确认', 'Confirm'],
      confirm: ['确认该会员/IP 保持在黑名单中吗？', 'Keep this subject on the black list?'],
    },
  },
});

/** The firings of the rules (a child list of a rule; also exported on its own). */
export const riskRuleHits = defineResource({
  name: 'riskRuleHits',
  group: 'financeRisk',
  page: 'findByPage',
  api: '/api/financeRisk/riskRuleHits',
  fields: {
    id: { type: 'number', list: true, sort: true },
    ruleId: { type: 'ref', list: true, filter: 'eq', ref: { resource: 'findByPage', labelField: 'name' } },
    kind: { type: 'enum', list: true, options: KIND_OPTIONS },
    mchNo: { type: 'string', list: true, filter: 'eq' },
    subject: { type: 'string', list: true, filter: 'eq' },
    count: { type: 'number', list: true },
    evidence: { type: 'text', list: true },
    listEntryId: { type: 'number', list: true },
    entryStatus: {
      type: 'enum',
      list: true,
      virtual: true,
      options: [
        { value: 'active', color: 'red' },
        { value: 'lifted', color: 'default' },
        { value: 'expired', color: 'default' },
      ],
    },
    status: { type: 'enum', list: true, filter: 'eq' },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  lifecycle: riskRuleHitLifecycle,
  labels: bilingual({
    ...kindLabels('riskRuleHits'),
    'field.riskRuleHits.entryStatus': ['名单状态', 'On the list'],
    'enum.riskRuleHits.entryStatus.active': ['生效中', 'Active'],
    'enum.riskRuleHits.entryStatus.lifted': ['已解除', 'Lifted'],
    'enum.riskRuleHits.entryStatus.expired': ['已过期', 'Expired'],
    'field.riskRuleHits.status': ['确认状态', 'Review'],
    'field.riskRuleHits.id': ['编号', 'ID'],
    'field.riskRuleHits.ruleId': ['规则', 'Rule'],
    'field.riskRuleHits.kind': ['条件类型', 'Condition'],
    'field.riskRuleHits.mchNo': ['商户号', 'Merchant no.'],
    'field.riskRuleHits.subject': ['对象', 'Subject'],
    'field.riskRuleHits.count': ['次数', 'Count'],
    'field.riskRuleHits.evidence': ['证据', 'Evidence'],
    'field.riskRuleHits.listEntryId': ['黑名单记录', 'Black-list entry'],
    'field.riskRuleHits.createdAt': ['触发时间', 'Fired at'],
  }),
});
