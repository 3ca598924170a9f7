/** The cashier module's refusals, in the operator's language. */
import type { Locale } from '@payops/contracts';

type Texts = Record<Locale, Record<string, (...args: string[]) => string>>;

export const cashierText: Texts = {
  'zh-CN': {
    memberMissing: () => '钱包会员不存在',
    memberFrozen: () => '钱包会员已冻结，不能收款',
    noPhone: () => '该钱包会员未登记手机号，无法发送验证码',
    sendLimit: (n: string, at: string) => `该会员1小时内已发送${n}次验证码，请于${at}后再试`,
    used: () => '验证码已使用过，不能重复使用',
    expired: () => '验证码已过期，请重新发送验证码',
    locked: () => '验证码错误次数过多，已失效，请重新发送验证码',
    wrong: (left: string) => `验证码错误，还可尝试${left}次`,
    wrongLast: () => '验证码错误，已无剩余尝试次数，请重新发送验证码',
    smsText: (no: string, amount: string, code: string) =>
      `【PayOps钱包】您在柜台的收款单${no}金额${amount}元，验证码${code}，5分钟内有效。请勿告知他人。`,
  },
  'en-US': {
    memberMissing: () => 'no such wallet member',
    memberFrozen: () => 'the wallet member is frozen and cannot be paid',
    noPhone: () => 'the wallet member has no phone number to send a code to',
    sendLimit: (n: string, at: string) =>
      `this member was sent ${n} codes in the last hour; try again after ${at}`,
    used: () => 'this code was already used and cannot be used again',
    expired: () => 'the code has expired; send a new code',
    locked: () => 'too many wrong tries: the code no longer works; send a new code',
    wrong: (left: string) => `wrong code; ${left} tries left`,
    wrongLast: () => 'wrong code; no tries left: send a new code',
    smsText: (no: string, amount: string, code: string) =>
      `[PayOps Wallet] Counter payment ${no} of CNY ${amount}: your code is ${code}, valid for 5 minutes. Never share it.`,
  },
};
