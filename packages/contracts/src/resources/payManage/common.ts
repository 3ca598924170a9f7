/**
 * Vocabularies of the /payManage definitions (on/off, health, pay-parameter codes, the switches), with
 * their labels in both languages, so each definition names an enum in one line.
 */
import type { EnumOption, FieldInput } from '../../resource.ts';
import { enumLabels } from '../mch/common.ts';
import { THIRD_PARTY_REF } from './third-party-ref.ts';

export const ON_OFF_LABELS = {
  on: ['开启', 'On'],
  off: ['关闭', 'Off'],
} as const satisfies Record<string, readonly [string, string]>;

export const ON_OFF_OPTIONS: EnumOption[] = [
  { value: 'on', color: 'green' },
  { value: 'off', color: 'default' },
];

/** A passage's health as the routing sees it (the server's HEALTH column values). */
export const HEALTH_LABELS = {
  healthy: ['正常', 'Healthy'],
  degraded: ['降级', 'Degraded'],
  down: ['故障', 'Down'],
} as const satisfies Record<string, readonly [string, string]>;

export const HEALTH_OPTIONS: EnumOption[] = [
  { value: 'healthy', color: 'green' },
  { value: 'degraded', color: 'orange' },
  { value: 'down', color: 'red' },
];

/**
 * The interface types the server has an adapter for (modules/upstream); interfacet_list describes
 * each one's protocol, and a third party names the one it speaks.
 */
export const INTERFACE_TYPE_LABELS = {
  sandbox: ['沙箱模拟三方', 'Sandbox provider'],
  'http-json': ['通用 HTTP JSON', 'Generic HTTP JSON'],
  'http-form': ['通用 HTTP 表单', 'Generic HTTP form'],
  'sandbox-market': ['沙箱三方交易市场', 'Sandbox P2P market'],
} as const satisfies Record<string, readonly [string, string]>;

export const INTERFACE_TYPE_OPTIONS: EnumOption[] = Object.keys(INTERFACE_TYPE_LABELS).map((value) => ({
  value,
  color: value === 'sandbox' ? 'purple' : 'blue',
}));

/** The pay types that have their own pay parameters and quick amounts (spec: payotherconfig). */
export const PAY_OTHER_LABELS = {
  deposit: ['充值', 'Deposit'],
  withdraw: ['提现', 'Withdrawal'],
  wechat: ['微信', 'WeChat'],
  alipay: ['支付宝', 'Alipay'],
  usdt: ['USDT', 'USDT'],
} as const satisfies Record<string, readonly [string, string]>;

export type PayOtherCode = keyof typeof PAY_OTHER_LABELS;
export const PAY_OTHER_CODES = Object.keys(PAY_OTHER_LABELS) as PayOtherCode[];

/**
 * The switches of DATACENTER_ONOFF_CONTROLLER, each on unless switched off; the money flows read them
 * on the server with `switchOn(ctx, name)` (modules/payManage/switches.ts).
 */
export const DATACENTER_SWITCHES = {
  DEPOSIT: ['充值开放', 'Deposits open'],
  WITHDRAW: ['提现开放', 'Withdrawals open'],
  WITHDRAW_AUTO_REVIEW: ['提现自动审核', 'Withdrawal auto-review'],
  DEPOSIT_FAILOVER: ['充值通道失败切换', 'Deposit passage failover'],
  MERCHANT_NOTIFY: ['商户回调通知', 'Callbacks to merchants'],
  RESERVATION_WITHDRAW: ['预约提现', 'Reservation withdrawals'],
  MATCH: ['撮合', 'Matching'],
  USDT: ['USDT', 'USDT'],
  OTC: ['OTC', 'OTC'],
} as const satisfies Record<string, readonly [string, string]>;

export type DatacenterSwitch = keyof typeof DATACENTER_SWITCHES;

/** What switching each one off stops (the switch panel's tooltips; the server code says the same). */
export const DATACENTER_SWITCH_EFFECTS: Record<DatacenterSwitch, readonly [string, string]> = {
  DEPOSIT: [
    '关闭后商户API拒绝一切新充值（普通、OTC、USDT、撮合），已有订单照常完成',
    'Off: the merchant API refuses every new deposit (normal, OTC, USDT, matched); existing orders finish as usual',
  ],
  WITHDRAW: [
    '关闭后商户API拒绝一切新提现（普通、OTC、USDT、撮合），已有订单照常完成',
    'Off: the merchant API refuses every new withdrawal (normal, OTC, USDT, matched); existing orders finish as usual',
  ],
  WITHDRAW_AUTO_REVIEW: [
    '关闭后自动审核规则不再生效，每笔提现等待人工审核',
    'Off: the auto-review rules are not applied; every withdrawal waits for an operator',
  ],
  DEPOSIT_FAILOVER: [
    '关闭后充值只尝试排序第一的通道，其上游失败即订单失败',
    'Off: a deposit tries only its first ranked passage; an upstream error there fails the order',
  ],
  MERCHANT_NOTIFY: [
    '关闭后暂停向商户发送回调；待发回调保留，重新开启后继续发送',
    'Off: callbacks to merchants pause; waiting ones are kept and sent once it is on again',
  ],
  RESERVATION_WITHDRAW: [
    '关闭后拒绝新的预约提现（指定出款时间），已预约的按时出款',
    'Off: new reservation withdrawals (with a payout time) are refused; those already booked are paid on time',
  ],
  MATCH: [
    '关闭后拒绝新的撮合充值与撮合提现，并暂停撮合配对',
    'Off: new matched deposits and withdrawals are refused and pairing pauses',
  ],
  USDT: ['关闭后拒绝新的USDT充值与提现', 'Off: new USDT deposits and withdrawals are refused'],
  OTC: [
    '关闭后拒绝以人民币以外币种报价的新订单（OTC、ZHOTC）',
    'Off: new orders quoted in a currency other than CNY (OTC, ZHOTC) are refused',
  ],
};

/** A dictionary or item code: upper-case letters, digits and underscores. */
export const CODE_PATTERN = '[A-Z][A-Z0-9_]{1,63}';
/** A lower-case code (third party, interface type, bank): letters, digits, `_` and `-`. */
export const SLUG_PATTERN = '[A-Za-z][A-Za-z0-9_-]{1,31}';
/** An http(s) address. */
export const URL_PATTERN = 'https?://[^\\s]{1,250}';

/** The words of the patterns above, shared by every /payManage definition that uses one. */
export const RULE_LABELS = {
  'rule.payManage.code': [
    '请输入大写字母开头的2-64位大写字母、数字或下划线',
    'Enter 2 to 64 upper-case letters, digits or underscores, starting with a letter',
  ],
  'rule.payManage.slug': [
    '请输入字母开头的2-32位字母、数字、下划线或连字符',
    'Enter 2 to 32 letters, digits, underscores or hyphens, starting with a letter',
  ],
  'rule.payManage.url': [
    '请输入以 http:// 或 https:// 开头的网址',
    'Enter a web address starting with http:// or https://',
  ],
} as const satisfies Record<string, readonly [string, string]>;

export const codeRule = { pattern: CODE_PATTERN, patternMessage: 'rule.payManage.code' };
export const slugRule = { pattern: SLUG_PATTERN, patternMessage: 'rule.payManage.slug' };
export const urlRule = { max: 255, pattern: URL_PATTERN, patternMessage: 'rule.payManage.url' };

const AMOUNT = { required: true, minAmount: '0', maxAmount: '100000000' };

/** The single minimum and maximum and the daily cap of a passage or a payout config, in CNY. */
export const LIMIT_FIELDS = {
  singleMin: { type: 'money', currency: 'CNY', list: true, form: AMOUNT },
  singleMax: { type: 'money', currency: 'CNY', list: true, form: AMOUNT },
  dailyLimit: { type: 'money', currency: 'CNY', list: true, form: AMOUNT },
} as const satisfies Record<string, FieldInput>;

/** On or off, filterable, chosen in the form. */
export const STATUS_FIELD = {
  type: 'enum',
  list: true,
  filter: 'eq',
  options: ON_OFF_OPTIONS,
  form: { required: true },
} as const satisfies FieldInput;

/** The interface type a third party (or its interface config) speaks. */
export const INTERFACE_TYPE_FIELD = {
  type: 'enum',
  list: true,
  filter: 'eq',
  options: INTERFACE_TYPE_OPTIONS,
  form: { required: true },
} as const satisfies FieldInput;

/** The labels of LIMIT_FIELDS of a resource. */
export const limitLabels = (name: string) =>
  ({
    [`field.${name}.singleMin`]: ['单笔最低', 'Single minimum'],
    [`field.${name}.singleMax`]: ['单笔最高', 'Single maximum'],
    [`field.${name}.dailyLimit`]: ['日限额', 'Daily cap'],
  }) as Record<string, readonly [string, string]>;

/** The labels of STATUS_FIELD of a resource. */
export const statusLabels = (name: string) => ({
  [`field.${name}.status`]: ['状态', 'Status'] as const,
  ...enumLabels(name, 'status', ON_OFF_LABELS),
});

/** The labels of INTERFACE_TYPE_FIELD of a resource. */
export const interfaceTypeLabels = (name: string) => ({
  [`field.${name}.interfaceType`]: ['接口类型', 'Interface type'] as const,
  ...enumLabels(name, 'interfaceType', INTERFACE_TYPE_LABELS),
});

/** The third party a record belongs to, chosen when adding; `filters` narrow the choices. */
export const thirdPartyField = (filters?: Record<string, string>) =>
  ({
    type: 'ref',
    list: true,
    filter: 'eq',
    ref: { ...THIRD_PARTY_REF, ...(filters ? { filters } : {}) },
    form: { required: true, readonlyOnEdit: true },
  }) as const satisfies FieldInput;
