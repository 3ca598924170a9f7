/** blackIp and whiteIp: the two IP lists the server enforces; one table, one shape, two pages. */
import { bilingual, type CustomActionInput, defineResource } from '../../resource.ts';

function ipRuleResource<const N extends 'blackIp' | 'whiteIp'>(
  name: N,
  zh: string,
  en: string,
  custom: CustomActionInput[] = [],
  extraLabels: Record<string, readonly [string, string]> = {},
) {
  return defineResource({
    name,
    group: 'sys',
    api: `/api/sys/${name}`,
    // One table, the two lists its rows.
    scope: { list: name === 'blackIp' ? 'black' : 'white' },
    // A few hundred rules at most: filters need no index.
    small: true,
    fields: {
      id: { type: 'number', list: true, sort: true },
      cidr: {
        type: 'string',
        list: true,
        filter: 'contains',
        form: { required: true, max: 49, readonlyOnEdit: true },
      },
      remark: { type: 'string', list: true, form: { max: 200 } },
      createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
    },
    defaultSort: { field: 'id', order: 'desc' },
    actions: ['list', 'add', 'edit', 'remove', 'export'],
    custom,
    labels: bilingual({
      ...extraLabels,
      [`field.${name}.id`]: ['编号', 'ID'],
      [`field.${name}.cidr`]: [`${zh} IP/网段`, `${en} IP or CIDR`],
      [`field.${name}.remark`]: ['备注', 'Remark'],
      [`field.${name}.createdAt`]: ['创建时间', 'Created at'],
    }),
  });
}

export const blackIp = ipRuleResource('blackIp', '黑名单', 'Black list');
/** The white list also has its on/off switch (GET `<api>/switch` reads it with the list permission). */
export const whiteIp = ipRuleResource(
  'whiteIp',
  '白名单',
  'White list',
  [{ name: 'switch', scope: 'toolbar', needsCode: true, confirm: true }],
  {
    'action.whiteIp.switch': ['白名单开关', 'White-list switch'],
    'confirm.whiteIp.switch': [
      '开启后只有白名单内的IP可以访问后台，确定切换吗？',
      'When on, only listed addresses reach the console. Switch?',
    ],
  },
);
