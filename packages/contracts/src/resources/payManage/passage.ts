/**
 * Passages: the products of the third parties (pay type, direction, rate, limits, weight, on/off).
 * Declared here so that references to a passage (the merchants' channel configs) resolve to a
 * resource with a list permission and an options endpoint; the pay-management group's pages
 * (spec: /api/pay/paypassage add, edit, findByPage, removeByIds) add the writes.
 */
import { bilingual, defineResource } from '../../resource.ts';
import { DIRECTION_LABELS, enumLabels, optionsOf, PAY_TYPE_LABELS } from '../mch/common.ts';

export const passage = defineResource({
  name: 'passage',
  group: 'payManage',
  page: 'withdraw_paypassage_list',
  api: '/api/pay/paypassage',
  // Hundreds of passages at most: filters need no index.
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true, filter: 'eq' },
    name: { type: 'string', list: true, filter: 'contains' },
    payType: { type: 'enum', list: true, filter: 'eq', options: optionsOf(PAY_TYPE_LABELS) },
    direction: { type: 'enum', list: true, filter: 'eq', options: optionsOf(DIRECTION_LABELS) },
    rate: { type: 'money', list: true },
    singleMin: { type: 'money', list: true },
    singleMax: { type: 'money', list: true },
    dailyLimit: { type: 'money', list: true },
    weight: { type: 'number', list: true, sort: true },
    status: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'on', color: 'green' },
        { value: 'off', color: 'default' },
      ],
    },
    createdAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list'],
  labels: bilingual({
    'field.passage.id': ['编号', 'ID'],
    'field.passage.name': ['通道名称', 'Passage name'],
    'field.passage.payType': ['支付方式', 'Pay type'],
    ...enumLabels('passage', 'payType', PAY_TYPE_LABELS),
    'field.passage.direction': ['方向', 'Direction'],
    ...enumLabels('passage', 'direction', DIRECTION_LABELS),
    'field.passage.rate': ['费率', 'Rate'],
    'field.passage.singleMin': ['单笔最低', 'Single minimum'],
    'field.passage.singleMax': ['单笔最高', 'Single maximum'],
    'field.passage.dailyLimit': ['日限额', 'Daily limit'],
    'field.passage.weight': ['权重', 'Weight'],
    'field.passage.status': ['状态', 'Status'],
    'enum.passage.status.on': ['开启', 'On'],
    'enum.passage.status.off': ['关闭', 'Off'],
    'field.passage.createdAt': ['创建时间', 'Created at'],
  }),
});
