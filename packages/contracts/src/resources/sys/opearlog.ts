/** sys/opearlog (the spec's spelling): the hash-chained operation log. Read-only; no delete exists. */
import type { Bilingual } from '../../lifecycle.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';

/**
 * The object types the log holds that are no definition's name (a definition's object shows as the
 * title of its page): what the routes of sign-in, operators, settings and the sandboxes change.
 */
export const OTHER_OBJECT_TYPES = {
  operator: ['后台用户', 'Console user'],
  session: ['登录会话', 'Session'],
  sys_config: ['系统配置', 'System setting'],
  sandboxMerchant: ['沙箱商户', 'Sandbox merchant'],
  mockTrader: ['模拟交易员', 'Mock trader'],
  mockExchangeRate: ['模拟汇率', 'Mock exchange rate'],
} as const satisfies Record<string, Bilingual>;

/** The label key of an object type of OTHER_OBJECT_TYPES. */
export const otherObjectTypeLabel = (type: string) => `enum.opearlog.objectType.${type}`;

export const opearlog = defineResource({
  name: 'opearlog',
  group: 'sys',
  api: '/api/sys/opearlog',
  fields: {
    id: { type: 'number', list: true, sort: true },
    at: { type: 'datetime', list: true, sort: true, filter: 'between' },
    operatorId: { type: 'ref', filter: 'eq', ref: OPERATOR_REF },
    operatorName: { type: 'string', list: true },
    action: { type: 'string', list: true, filter: 'eq' },
    method: { type: 'string', list: true },
    path: { type: 'string', list: true },
    objectType: { type: 'string', list: true, filter: 'eq' },
    objectId: { type: 'string', list: true, filter: 'eq' },
    result: {
      type: 'enum',
      list: true,
      filter: 'eq',
      options: [
        { value: 'success', color: 'green' },
        { value: 'failure', color: 'red' },
      ],
    },
    code: { type: 'number', list: true },
    ip: { type: 'string', list: true, filter: 'eq' },
    // Before/after of the change: shown in the detail view as a diff.
    detail: { type: 'json' },
  },
  defaultSort: { field: 'id', order: 'desc' },
  actions: ['list', 'export'],
  labels: bilingual({
    'field.opearlog.id': ['编号', 'ID'],
    'field.opearlog.at': ['操作时间', 'Time'],
    'field.opearlog.operatorId': ['操作人', 'Operator'],
    'field.opearlog.operatorName': ['操作人', 'Operator'],
    'field.opearlog.action': ['操作', 'Action'],
    'field.opearlog.method': ['请求方法', 'Method'],
    'field.opearlog.path': ['请求路径', 'Path'],
    'field.opearlog.objectType': ['对象类型', 'Object type'],
    'field.opearlog.objectId': ['对象编号', 'Object ID'],
    'field.opearlog.result': ['结果', 'Result'],
    'enum.opearlog.result.success': ['成功', 'Success'],
    'enum.opearlog.result.failure': ['失败', 'Failure'],
    'field.opearlog.code': ['返回码', 'Code'],
    'field.opearlog.ip': ['IP地址', 'IP address'],
    'field.opearlog.detail': ['变更详情', 'Details'],
    ...Object.fromEntries(
      Object.entries(OTHER_OBJECT_TYPES).map(([type, pair]) => [otherObjectTypeLabel(type), pair]),
    ),
  }),
});
