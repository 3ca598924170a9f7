/**
 * mch/mchThirdPayConfig and mch/mchThirdAgentPayConfig: which deposit (resp. withdrawal) passages a
 * merchant may use, with its weight in routing, and on/off. One table, two pages, each scoped to its
 * direction. A deposit passage also carries the merchant's rate on it: the fee of a deposit routed
 * there (set when the passage takes the order, before any money moves). A withdrawal has no such
 * rate: its fee is frozen with its amount at creation, before a passage is chosen, so the
 * merchant's withdrawal rate fixes it.
 */
import { bilingual, defineResource, type FieldInput } from '../../resource.ts';
import { enumLabels, optionsOf, PAY_TYPE_LABELS } from './common.ts';

function passageConfig<const N extends string, const E extends Record<string, FieldInput>>(
  name: N,
  direction: 'deposit' | 'withdraw',
  titles: { zh: string; en: string },
  extra: E,
) {
  return defineResource({
    name,
    group: 'mch',
    api: `/api/mch/${name}`,
    scope: { direction },
    // A few passages per merchant: thousands of rows at most, no index per filter needed.
    small: true,
    fields: {
      id: { type: 'number', list: true, sort: true },
      merchantId: {
        type: 'ref',
        list: true,
        filter: 'eq',
        ref: { resource: 'mchList', labelField: 'name' },
        form: { required: true, readonlyOnEdit: true },
      },
      passageId: {
        type: 'ref',
        list: true,
        filter: 'eq',
        ref: { resource: 'passage', labelField: 'name', filters: { direction } },
        form: { required: true, readonlyOnEdit: true },
      },
      payType: { type: 'enum', list: true, filter: 'eq', options: optionsOf(PAY_TYPE_LABELS) },
      ...extra,
      weight: { type: 'number', list: true, sort: true, form: { required: true, min: 0, max: 100 } },
      enabled: { type: 'boolean', list: true, filter: 'eq', form: { widget: 'switch' } },
      updatedAt: { type: 'datetime', list: true },
    },
    defaultSort: { field: 'id', order: 'desc' },
    actions: ['list', 'add', 'edit', 'remove'],
    labels: bilingual({
      [`field.${name}.id`]: ['编号', 'ID'],
      [`field.${name}.merchantId`]: ['商户', 'Merchant'],
      [`field.${name}.passageId`]: [titles.zh, titles.en],
      [`field.${name}.payType`]: ['支付方式', 'Pay type'],
      ...enumLabels(name, 'payType', PAY_TYPE_LABELS),
      [`field.${name}.rate`]: ['费率', 'Rate'],
      [`field.${name}.weight`]: ['权重', 'Weight'],
      [`field.${name}.enabled`]: ['启用', 'On'],
      [`field.${name}.updatedAt`]: ['修改时间', 'Updated at'],
    }),
  });
}

export const mchThirdPayConfig = passageConfig(
  'mchThirdPayConfig',
  'deposit',
  { zh: '充值通道', en: 'Deposit passage' },
  {
    rate: {
      type: 'money',
      display: 'percent',
      list: true,
      form: { required: true, minAmount: '0', maxAmount: '1' },
    },
  },
);
export const mchThirdAgentPayConfig = passageConfig(
  'mchThirdAgentPayConfig',
  'withdraw',
  { zh: '代付通道', en: 'Withdrawal passage' },
  {},
);
