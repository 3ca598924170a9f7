/**
 * wallet/sellConfigPage: the wallet's settings, one row per key of WALLET_SETTINGS (the one
 * list of keys, types, bounds and defaults); the server checks each value against it and the wallet's
 * services read them (dispute SLA stages, the maker-checker amount, evidence size).
 */
import { bilingual, defineResource } from '../../resource.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';

export interface WalletSettingDef {
  type: 'number' | 'money';
  min: number;
  max: number;
  default: string;
  label: readonly [string, string];
}

export const WALLET_SETTINGS = {
  sellerAnswerMinutes: {
    type: 'number',
    min: 1,
    max: 1440,
    default: '30',
    label: ['申诉:卖家应答时限(分钟)', 'Dispute: seller must answer within (minutes)'],
  },
  operatorDecideMinutes: {
    type: 'number',
    min: 1,
    max: 10080,
    default: '120',
    label: ['申诉:客服裁决时限(分钟)', 'Dispute: operator must decide within (minutes)'],
  },
  disputeApprovalAmount: {
    type: 'money',
    min: 0,
    max: 100_000_000,
    default: '5000',
    label: ['申诉裁决需复核的金额(元)', 'Dispute decisions above this amount need a checker (CNY)'],
  },
  evidenceMaxKb: {
    type: 'number',
    min: 1,
    max: 10_240,
    default: '2048',
    label: ['申诉凭证大小上限(KB)', 'Dispute evidence size limit (KB)'],
  },
} as const satisfies Record<string, WalletSettingDef>;

export type WalletSettingKey = keyof typeof WALLET_SETTINGS;
export const WALLET_SETTING_KEYS = Object.keys(WALLET_SETTINGS) as WalletSettingKey[];

const KEY_LABELS = Object.fromEntries(
  WALLET_SETTING_KEYS.map((k) => [k, WALLET_SETTINGS[k].label]),
) as Record<WalletSettingKey, readonly [string, string]>;

export const sellConfigPage = defineResource({
  name: 'sellConfigPage',
  group: 'wallet',
  api: '/api/wallet/settings',
  labelField: 'key',
  small: true,
  fields: {
    id: { type: 'number', list: true },
    key: { type: 'enum', list: true, options: optionsOf(KEY_LABELS) },
    value: { type: 'string', list: true, form: { required: true, min: 1, max: 30 } },
    updatedAt: { type: 'datetime', list: true },
  },
  defaultSort: { field: 'id', order: 'asc' },
  actions: ['list', 'edit'],
  labels: bilingual({
    'field.sellConfigPage.id': ['编号', 'ID'],
    'field.sellConfigPage.key': ['配置项', 'Setting'],
    ...enumLabels('sellConfigPage', 'key', KEY_LABELS),
    'field.sellConfigPage.value': ['值', 'Value'],
    'field.sellConfigPage.updatedAt': ['修改时间', 'Updated at'],
  }),
});
