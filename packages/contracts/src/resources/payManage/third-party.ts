/**
 * payManage/deposit_thirdpay_list and withdraw_thirdpay_list: the third parties (upstream providers)
 * of each direction over one table, each page scoped to its direction; and
 * `thirdParty`, every third party read-only, which the passages, agent-pay and interface configs refer
 * to (one ref target whatever the direction).
 *
 * The provider's signing secret is write-only: typed in the add or edit form (`secret`, never stored
 * or answered as such), sealed at rest, shown afterwards only as its hint (security.md, "Secrets of
 * third-party channels are write-only").
 */
import { bilingual, defineResource, type FieldInput } from '../../resource.ts';
import { DIRECTION_LABELS, enumLabels, optionsOf } from '../mch/common.ts';
import {
  HEALTH_LABELS,
  HEALTH_OPTIONS,
  INTERFACE_TYPE_FIELD,
  interfaceTypeLabels,
  ON_OFF_LABELS,
  ON_OFF_OPTIONS,
  RULE_LABELS,
  STATUS_FIELD,
  slugRule,
  statusLabels,
  urlRule,
} from './common.ts';

const fields = {
  id: { type: 'number', list: true, sort: true, filter: 'eq' },
  code: {
    type: 'string',
    list: true,
    filter: 'eq',
    sort: true,
    form: { required: true, readonlyOnEdit: true, ...slugRule },
  },
  name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 64 } },
  direction: { type: 'enum', list: true, options: optionsOf(DIRECTION_LABELS) },
  interfaceType: INTERFACE_TYPE_FIELD,
  baseUrl: { type: 'string', list: true, form: { required: true, ...urlRule } },
  upstreamMchNo: { type: 'string', list: true, filter: 'eq', form: { required: true, min: 1, max: 64 } },
  /** Write-only: required when adding (the server says so), left empty on edit to keep the old one. */
  secret: { type: 'string', virtual: true, form: { min: 8, max: 256, widget: 'password' } },
  secretHint: { type: 'string', list: true },
  status: STATUS_FIELD,
  /** The worst health of its passages (none: empty). */
  health: { type: 'enum', list: true, virtual: true, options: HEALTH_OPTIONS },
  passageCount: { type: 'number', list: true, virtual: true },
  createdAt: { type: 'datetime', list: true, sort: true },
} as const satisfies Record<string, FieldInput>;

function labelsOf(name: string, zh: string, en: string) {
  return bilingual({
    ...RULE_LABELS,
    [`field.${name}.id`]: ['编号', 'ID'],
    [`field.${name}.code`]: [`${zh}编码`, `${en} code`],
    [`field.${name}.name`]: [`${zh}名称`, `${en} name`],
    [`field.${name}.direction`]: ['方向', 'Direction'],
    ...enumLabels(name, 'direction', DIRECTION_LABELS),
    ...interfaceTypeLabels(name),
    [`field.${name}.baseUrl`]: ['接口地址', 'API base URL'],
    [`field.${name}.upstreamMchNo`]: ['平台商户号', 'Platform merchant no.'],
    [`field.${name}.secret`]: ['签名密钥', 'Signing secret'],
    [`field.${name}.secretHint`]: ['签名密钥', 'Signing secret'],
    ...statusLabels(name),
    [`field.${name}.health`]: ['健康状态', 'Health'],
    ...enumLabels(name, 'health', HEALTH_LABELS),
    [`field.${name}.passageCount`]: ['通道数', 'Passages'],
    [`field.${name}.createdAt`]: ['创建时间', 'Created at'],
    [`child.${name}.passage`]: ['通道', 'Passages'],
  });
}

function thirdPayPage<const N extends string>(
  name: N,
  direction: 'deposit' | 'withdraw',
  page: string,
  api: string,
  zh: string,
  en: string,
) {
  return defineResource({
    name,
    group: 'payManage',
    page,
    pageList: true,
    api,
    scope: { direction },
    // Tens of providers: filters need no index.
    small: true,
    fields,
    defaultSort: { field: 'id', order: 'asc' },
    actions: ['list', 'add', 'edit', 'remove', 'export'],
    children: [{ resource: 'passage', foreignKey: 'thirdPartyId' }],
    labels: labelsOf(name, zh, en),
  });
}

export const depositThirdPay = thirdPayPage(
  'depositThirdPay',
  'deposit',
  'deposit_thirdpay_list',
  '/api/pay/thirdpay',
  '充值三方',
  'Deposit provider',
);

export const withdrawThirdPay = thirdPayPage(
  'withdrawThirdPay',
  'withdraw',
  'withdraw_thirdpay_list',
  '/api/pay/thirdpay/withdraw',
  '代付三方',
  'Payout provider',
);

/** Every third party, read-only: the target of references (spec: thirdpay selector). */
export const thirdParty = defineResource({
  name: 'thirdParty',
  group: 'payManage',
  page: 'deposit_thirdpay_list',
  api: '/api/pay/thirdpay/selector',
  small: true,
  fields: {
    id: fields.id,
    code: { type: 'string', list: true, filter: 'eq' },
    name: { type: 'string', list: true, filter: 'contains' },
    direction: { type: 'enum', list: true, filter: 'eq', options: optionsOf(DIRECTION_LABELS) },
    status: { type: 'enum', list: true, filter: 'eq', options: ON_OFF_OPTIONS },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list'],
  labels: bilingual({
    'field.thirdParty.id': ['编号', 'ID'],
    'field.thirdParty.code': ['三方编码', 'Provider code'],
    'field.thirdParty.name': ['三方名称', 'Provider name'],
    'field.thirdParty.direction': ['方向', 'Direction'],
    ...enumLabels('thirdParty', 'direction', DIRECTION_LABELS),
    'field.thirdParty.status': ['状态', 'Status'],
    ...enumLabels('thirdParty', 'status', ON_OFF_LABELS),
  }),
});
