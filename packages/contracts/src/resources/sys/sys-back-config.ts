/**
 * sys/sysBackConfig: typed back-office settings. The catalogue below is the one list of keys, types
 * and bounds; the server validates each value against it and the web renders an editor per type.
 */
import { z } from 'zod';
import { currencyAmountSchema } from '../../amount-schema.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';
import { DATACENTER_SWITCHES } from '../payManage/common.ts';

export type SettingType = 'boolean' | 'number' | 'money' | 'stringList' | 'switches';

export interface SettingDef {
  key: string;
  type: SettingType;
  min?: number;
  max?: number;
  /** Names of the switches of a `switches` setting. */
  switches?: readonly string[];
}

/** The data-centre on/off switches (spec: getConfigSelectorByCode with this code). */
export const DATACENTER_SWITCHES_KEY = 'DATACENTER_ONOFF_CONTROLLER';

export const BACK_SETTINGS: readonly SettingDef[] = [
  { key: 'whiteIpEnabled', type: 'boolean' },
  { key: 'requireAuthenticator', type: 'boolean' },
  { key: 'cashierStaff', type: 'stringList', max: 200 },
  { key: 'adjustApprovalThreshold', type: 'money' },
  { key: 'adjustApprovalExpiryHours', type: 'number', min: 1, max: 720 },
  { key: 'orderTimeoutMinutes', type: 'number', min: 1, max: 1440 },
  { key: 'lowAmountWithdrawThreshold', type: 'money' },
  { key: 'upstreamCallbackRetentionDays', type: 'number', min: 1, max: 3650 },
  { key: 'usdtConfirmations', type: 'number', min: 1, max: 100 },
  { key: 'counterSmsPerHour', type: 'number', min: 1, max: 60 },
  {
    key: DATACENTER_SWITCHES_KEY,
    type: 'switches',
    switches: Object.keys(DATACENTER_SWITCHES),
  },
];

export function findSetting(key: string): SettingDef | undefined {
  return BACK_SETTINGS.find((s) => s.key === key);
}

/** The schema a setting's value must satisfy. */
export function settingValueSchema(def: SettingDef): z.ZodType {
  switch (def.type) {
    case 'boolean':
      return z.boolean();
    case 'number':
      return z
        .number()
        .int()
        .min(def.min ?? 0)
        .max(def.max ?? Number.MAX_SAFE_INTEGER);
    case 'money':
      // A CNY amount: scale 2, at least 0 (the amount rule of every money field, money.ts).
      return currencyAmountSchema('CNY', 'nonNegative');
    case 'stringList':
      return z
        .array(z.string().trim().min(1).max(64))
        .max(def.max ?? 100)
        .refine((a) => new Set(a).size === a.length, { message: 'duplicates:' });
    case 'switches':
      // A switch left out keeps its default (on): older stored values lack the newer switches.
      return z.strictObject(Object.fromEntries((def.switches ?? []).map((s) => [s, z.boolean().optional()])));
  }
}

export const sysBackConfig = defineResource({
  name: 'sysBackConfig',
  group: 'sys',
  api: '/api/sys/sysBackConfig',
  key: 'key',
  small: true,
  fields: {
    key: { type: 'string', list: true },
    // From the catalogue above, not stored.
    type: {
      type: 'enum',
      virtual: true,
      list: true,
      options: [
        { value: 'boolean' },
        { value: 'number' },
        { value: 'money' },
        { value: 'stringList' },
        { value: 'switches' },
      ],
    },
    value: { type: 'json', list: true, form: { required: true } },
    updatedBy: { type: 'ref', list: true, ref: OPERATOR_REF },
    updatedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'key', order: 'asc' },
  actions: ['list', 'edit'],
  needsCode: ['edit'],
  labels: bilingual({
    'field.sysBackConfig.key': ['配置项', 'Setting'],
    'field.sysBackConfig.type': ['类型', 'Type'],
    'enum.sysBackConfig.type.boolean': ['开关', 'Switch'],
    'enum.sysBackConfig.type.number': ['数值', 'Number'],
    'enum.sysBackConfig.type.money': ['金额', 'Amount'],
    'enum.sysBackConfig.type.stringList': ['列表', 'List'],
    'enum.sysBackConfig.type.switches': ['开关组', 'Switch group'],
    'field.sysBackConfig.value': ['值', 'Value'],
    'field.sysBackConfig.updatedBy': ['修改人', 'Updated by'],
    'field.sysBackConfig.updatedAt': ['修改时间', 'Updated at'],
    'setting.whiteIpEnabled': ['启用IP白名单', 'Enforce the IP white list'],
    'setting.requireAuthenticator': ['强制绑定谷歌验证', 'Everyone must bind an authenticator'],
    'setting.cashierStaff': ['收银台可见人员', 'Staff who see the cashier pages'],
    'setting.adjustApprovalThreshold': ['调账复核阈值', 'Adjustment approval threshold'],
    'setting.adjustApprovalExpiryHours': ['调账待复核过期(小时)', 'Pending adjustments expire after (hours)'],
    'setting.orderTimeoutMinutes': ['订单超时(分钟)', 'Order timeout (minutes)'],
    'setting.lowAmountWithdrawThreshold': ['小额提现阈值', 'Low-amount withdrawal threshold'],
    'setting.upstreamCallbackRetentionDays': ['上游回调保留(天)', 'Keep raw upstream callbacks (days)'],
    'setting.usdtConfirmations': ['USDT到账确认数', 'USDT confirmations before crediting'],
    'setting.counterSmsPerHour': ['收银验证码每会员每小时发送上限', 'Cashier SMS codes per member per hour'],
    'setting.DATACENTER_ONOFF_CONTROLLER': ['数据中心开关', 'Data-centre switches'],
    ...Object.fromEntries(Object.entries(DATACENTER_SWITCHES).map(([k, v]) => [`switch.${k}`, v])),
  }),
});
