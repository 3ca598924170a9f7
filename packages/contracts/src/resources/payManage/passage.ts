/**
 * payManage/withdraw_paypassage_list: passages, the products of the third parties (pay type, rate,
 * single and daily limits, weight, on/off, health), spec /api/pay/paypassage add, edit, findByPage,
 * removeByIds. A passage's direction is its third party's (set by the server). The merchants' channel
 * configs (/mch) refer to passages by `name` and filter them by `direction`.
 */
import { bilingual, defineResource } from '../../resource.ts';
import { DIRECTION_LABELS, enumLabels, optionsOf, PAY_TYPE_LABELS } from '../mch/common.ts';
import {
  HEALTH_LABELS,
  HEALTH_OPTIONS,
  LIMIT_FIELDS,
  limitLabels,
  STATUS_FIELD,
  statusLabels,
  thirdPartyField,
} from './common.ts';

export const passage = defineResource({
  name: 'passage',
  group: 'payManage',
  page: 'withdraw_paypassage_list',
  pageList: true,
  api: '/api/pay/paypassage',
  // Hundreds of passages at most: filters need no index.
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true, filter: 'eq' },
    thirdPartyId: thirdPartyField(),
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 64 } },
    payType: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: optionsOf(PAY_TYPE_LABELS),
      form: { required: true },
    },
    direction: { type: 'enum', list: true, filter: 'eq', options: optionsOf(DIRECTION_LABELS) },
    rate: {
      type: 'money',
      display: 'percent',
      list: true,
      form: { required: true, minAmount: '0', maxAmount: '0.2' },
    },
    ...LIMIT_FIELDS,
    weight: { type: 'number', list: true, sort: true, form: { required: true, min: 0, max: 100 } },
    status: STATUS_FIELD,
    /** Set by the routing from upstream answers; an operator may mark a passage down or healthy. */
    health: { type: 'enum', list: true, filter: 'eq', options: HEALTH_OPTIONS, form: true },
    createdAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    'field.passage.id': ['编号', 'ID'],
    'field.passage.thirdPartyId': ['所属三方', 'Third party'],
    'field.passage.name': ['通道名称', 'Passage name'],
    'field.passage.payType': ['支付方式', 'Pay type'],
    ...enumLabels('passage', 'payType', PAY_TYPE_LABELS),
    'field.passage.direction': ['方向', 'Direction'],
    ...enumLabels('passage', 'direction', DIRECTION_LABELS),
    'field.passage.rate': ['费率', 'Fee rate'],
    ...limitLabels('passage'),
    'field.passage.weight': ['权重', 'Weight'],
    ...statusLabels('passage'),
    'field.passage.health': ['健康状态', 'Health'],
    ...enumLabels('passage', 'health', HEALTH_LABELS),
    'field.passage.createdAt': ['创建时间', 'Created at'],
  }),
});
