/**
 * payManage/interfacet_list: interface types, the protocols the platform speaks with third parties
 * (sign method, request format), one row per adapter the server has (common.ts INTERFACE_TYPE_LABELS;
 * `sandbox` is the built-in simulated provider). A third party names its type by code.
 */
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels } from '../mch/common.ts';
import { STATEMENT_MAPPING_FIELDS, statementMappingLabels } from '../order/statement-mapping.ts';
import { INTERFACE_TYPE_LABELS, INTERFACE_TYPE_OPTIONS, STATUS_FIELD, statusLabels } from './common.ts';

export const SIGN_METHOD_LABELS = {
  'HMAC-SHA256': ['HMAC-SHA256', 'HMAC-SHA256'],
  MD5: ['MD5', 'MD5'],
  'RSA-SHA256': ['RSA-SHA256', 'RSA-SHA256'],
} as const satisfies Record<string, readonly [string, string]>;

export const REQUEST_FORMAT_LABELS = {
  json: ['JSON', 'JSON'],
  form: ['表单', 'Form'],
  xml: ['XML', 'XML'],
} as const satisfies Record<string, readonly [string, string]>;

const plain = (labels: Record<string, unknown>) => Object.keys(labels).map((value) => ({ value }));

export const interfaceType = defineResource({
  name: 'interfaceType',
  group: 'payManage',
  page: 'interfacet_list',
  pageList: true,
  api: '/api/pay/thirdinterfacetype',
  small: true,
  fields: {
    id: { type: 'number', list: true, sort: true },
    code: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: INTERFACE_TYPE_OPTIONS,
      form: { required: true, readonlyOnEdit: true },
    },
    name: { type: 'string', list: true, filter: 'contains', form: { required: true, min: 2, max: 64 } },
    signMethod: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: plain(SIGN_METHOD_LABELS),
      form: { required: true },
    },
    requestFormat: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: plain(REQUEST_FORMAT_LABELS),
      form: { required: true },
    },
    status: STATUS_FIELD,
    remark: { type: 'text', list: true, form: { max: 500 } },
    // How this type's upstream statements are read (order/reconciliationPage).
    ...STATEMENT_MAPPING_FIELDS,
    updatedAt: { type: 'datetime', list: true, sort: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'add', 'edit', 'remove', 'export'],
  labels: bilingual({
    'field.interfaceType.id': ['编号', 'ID'],
    'field.interfaceType.code': ['类型编码', 'Type code'],
    ...enumLabels('interfaceType', 'code', INTERFACE_TYPE_LABELS),
    'field.interfaceType.name': ['类型名称', 'Type name'],
    'field.interfaceType.signMethod': ['签名方式', 'Sign method'],
    ...enumLabels('interfaceType', 'signMethod', SIGN_METHOD_LABELS),
    'field.interfaceType.requestFormat': ['请求格式', 'Request format'],
    ...enumLabels('interfaceType', 'requestFormat', REQUEST_FORMAT_LABELS),
    ...statusLabels('interfaceType'),
    'field.interfaceType.remark': ['备注', 'Remark'],
    ...statementMappingLabels('interfaceType'),
    'field.interfaceType.updatedAt': ['修改时间', 'Updated at'],
  }),
});
