/**
 * The risk lists' vocabulary and value checks, shared by the server (which decides) and anyone who
 * builds an entry (the levels engineer's auto-blacklist rules, the demo). Pure functions, no I/O.
 * An IP/CIDR is checked by PostgreSQL's own parser on the server (`pg_input_is_valid`).
 */
import { ADDRESS_PATTERNS, USDT_NETWORKS, type UsdtNetwork } from '../sys/addr-pool.ts';

/** The lists: one table, one page each. A white list exempts from its direction's black checks. */
export const RISK_LISTS = [
  'deposit_black',
  'deposit_white',
  'withdraw_black',
  'withdraw_white',
  'vc_address',
  'card',
] as const;
export type RiskList = (typeof RISK_LISTS)[number];

/** What an entry's value is. `mchMember` is a merchant's member id (needs the merchant). */
export const RISK_KINDS = {
  member: ['会员账号', 'Member account'],
  mchMember: ['商户会员ID', 'Merchant member ID'],
  realName: ['真实姓名', 'Real name'],
  phone: ['手机号', 'Phone'],
  idNumber: ['身份证号', 'ID number'],
  ip: ['IP/网段', 'IP or CIDR'],
  deviceId: ['设备号', 'Device ID'],
  card: ['银行卡号', 'Bank card'],
  address: ['虚拟币地址', 'Crypto address'],
} as const satisfies Record<string, readonly [string, string]>;
export type RiskKind = keyof typeof RISK_KINDS;

/** The kinds of the person lists (deposit/withdraw black and white). */
export const PERSON_KINDS = [
  'member',
  'mchMember',
  'realName',
  'phone',
  'idNumber',
  'ip',
  'deviceId',
] as const satisfies readonly RiskKind[];

export const LIST_KINDS: Record<RiskList, readonly RiskKind[]> = {
  deposit_black: PERSON_KINDS,
  deposit_white: PERSON_KINDS,
  withdraw_black: [...PERSON_KINDS, 'card'],
  withdraw_white: [...PERSON_KINDS, 'card'],
  vc_address: ['address'],
  card: ['card'],
};

/** Which lists block a direction, and which white list exempts from them. */
export type RiskDirection = 'deposit' | 'withdraw' | 'match';
export const BLACK_LISTS: Record<RiskDirection, readonly RiskList[]> = {
  deposit: ['deposit_black', 'card', 'vc_address'],
  withdraw: ['withdraw_black', 'card', 'vc_address'],
  // A P2P match moves money both ways: both person lists apply.
  match: ['deposit_black', 'withdraw_black', 'card'],
};
export const WHITE_LISTS: Record<RiskDirection, readonly RiskList[]> = {
  deposit: ['deposit_white'],
  withdraw: ['withdraw_white'],
  match: ['deposit_white', 'withdraw_white'],
};

/** Luhn checksum over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** A mainland resident ID number: 18 characters, the last one its ISO 7064 checksum. */
export function idNumberValid(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (id.charCodeAt(i) - 48) * ID_WEIGHTS[i]!;
  return ID_CHECK[sum % 11] === id[17];
}

export type ValueProblem =
  | 'card'
  | 'idNumber'
  | 'phone'
  | 'address'
  | 'empty'
  | 'tooLong'
  | 'needsMerchant'
  | 'kindNotInList';

/** [zh, en] of each problem: the 400's message on the `value` field (or the named one). */
export const VALUE_PROBLEMS: Record<ValueProblem, readonly [string, string]> = {
  card: ['银行卡号应为12-19位数字且通过校验', 'a card number is 12-19 digits with a valid check digit'],
  idNumber: ['身份证号应为18位且校验码正确', 'an ID number is 18 characters with a valid check digit'],
  phone: ['手机号格式不正确（11位，1开头）', 'a phone number is 11 digits starting with 1'],
  address: ['虚拟币地址格式不正确（TRC20或ERC20）', 'not a TRC20 or ERC20 address'],
  empty: ['不能为空', 'must not be empty'],
  tooLong: ['不能超过128个字符', 'at most 128 characters'],
  needsMerchant: ['商户会员ID须指定商户', 'a merchant member ID needs its merchant'],
  kindNotInList: ['该名单不接受此类型', 'this list does not take this kind of value'],
};

/**
 * The value as stored and looked up: names lower-cased with spaces removed, phones without +86 and
 * separators, ID numbers upper-cased, ERC20 addresses lower-cased (hex is case-insensitive), cards
 * as bare digits (the server hashes them). A problem when it is malformed.
 */
export function normaliseRiskValue(
  kind: RiskKind,
  raw: string,
): { value: string } | { problem: ValueProblem } {
  const t = raw.trim();
  if (!t) return { problem: 'empty' };
  if (t.length > 128) return { problem: 'tooLong' };
  switch (kind) {
    case 'card': {
      const d = t.replace(/[\s-]/g, '');
      return /^\d{12,19}$/.test(d) && luhnValid(d) ? { value: d } : { problem: 'card' };
    }
    case 'idNumber': {
      const v = t.toUpperCase();
      return idNumberValid(v) ? { value: v } : { problem: 'idNumber' };
    }
    case 'phone': {
      const v = t.replace(/[\s-]/g, '').replace(/^(\+?86)/, '');
      return /^1\d{10}$/.test(v) ? { value: v } : { problem: 'phone' };
    }
    case 'address': {
      const n = addressNetwork(t);
      return n ? { value: n === 'ERC20' ? t.toLowerCase() : t } : { problem: 'address' };
    }
    case 'realName':
      return { value: t.replace(/\s+/g, '').toLowerCase() };
    case 'member':
    case 'mchMember':
    case 'deviceId':
      return { value: t.toLowerCase() };
    case 'ip':
      // PostgreSQL parses it (the server): here only the text.
      return { value: t };
  }
}

/** The network whose address format matches, or null. */
export function addressNetwork(address: string): UsdtNetwork | null {
  return USDT_NETWORKS.find((n) => new RegExp(`^(?:${ADDRESS_PATTERNS[n]})$`).test(address)) ?? null;
}
