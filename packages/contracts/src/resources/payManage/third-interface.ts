/**
 * payManage/third_interfacet_list: each third party's interface config: which interface type it
 * speaks, its URLs for creating, querying and paying out, and the IP addresses its callbacks may come
 * from (one a line; empty: any).
 */
import { bilingual, defineResource } from '../../resource.ts';
import {
  INTERFACE_TYPE_FIELD,
  interfaceTypeLabels,
  RULE_LABELS,
  STATUS_FIELD,
  statusLabels,
  thirdPartyField,
  urlRule,
} from './common.ts';

const optionalUrl = { ...urlRule };

export const thirdInterface = defineResource({
  name: 'thirdInterface',
  group: 'payManage',
  page: 'third_interfacet_list',
  pageList: true,
  api: '/api/pay/thirdinterface',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true, filter: 'eq' },
    thirdPartyId: thirdPartyField(),
    interfaceType: INTERFACE_TYPE_FIELD,
    createUrl: { type: 'string', list: true, form: { required: true, ...urlRule } },
    queryUrl: { type: 'string', list: true, form: optionalUrl },
    payoutUrl: { type: 'string', list: true, form: optionalUrl },
    callbackIps: { type: 'text', list: true, form: { max: 2000, widget: 'textarea' } },
    status: STATUS_FIELD,
    updatedAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    ...RULE_LABELS,
    'field.thirdInterface.id': ['编号', 'ID'],
    'field.thirdInterface.thirdPartyId': ['三方', 'Third party'],
    ...interfaceTypeLabels('thirdInterface'),
    'field.thirdInterface.createUrl': ['下单地址', 'Create URL'],
    'field.thirdInterface.queryUrl': ['查询地址', 'Query URL'],
    'field.thirdInterface.payoutUrl': ['代付地址', 'Payout URL'],
    'field.thirdInterface.callbackIps': ['回调IP白名单', 'Callback IP white list'],
    ...statusLabels('thirdInterface'),
    'field.thirdInterface.updatedAt': ['修改时间', 'Updated at'],
  }),
});
