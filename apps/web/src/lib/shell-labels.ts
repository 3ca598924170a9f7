/**
 * Texts of the shell's lazily loaded parts (code, password and bind dialogs, the notification centre,
 * action names): both languages on one line per key, added to i18next when such a part first mounts,
 * so the first download carries none of them.
 */
import { bilingual } from '@payops/contracts/resource';
import { useState } from 'react';
import { addLabels } from '../engine/resource-labels.ts';

export const shellLabels = bilingual({
  'code.forAction': [
    '请输入您本人谷歌验证器上的 6 位验证码，以确认操作：{{action}}',
    'Enter the 6-digit code of your own authenticator app to confirm: {{action}}',
  ],
  'code.forGeneric': [
    '此操作需要验证：请输入您本人谷歌验证器上的 6 位验证码',
    'This action needs confirmation: enter the 6-digit code of your own authenticator app',
  ],
  'code.refused': [
    '验证码未通过（错误或已使用），请输入验证器上当前的验证码',
    'The code was not accepted (wrong or already used); enter the one your app shows now',
  ],
  'password.confirm': ['确认新密码', 'Confirm new password'],
  'password.confirmRequired': ['请再次输入新密码', 'Enter the new password again'],
  'password.confirmMismatch': ['两次输入的新密码不一致', 'The two new passwords differ'],
  'password.rule': [
    '密码须为 {{min}}-{{max}} 位，并同时包含字母和数字',
    'Use {{min}} to {{max}} characters with both letters and digits',
  ],
  'password.firstTitle': ['首次登录，请先修改密码', 'First sign-in: change your password'],
  'password.firstText': [
    '您的密码由管理员设置，修改后才能继续使用系统。',
    'An administrator set your password; change it to continue.',
  ],
  'bind.manual': ['无法扫码时，在验证器中手动输入密钥：', 'Cannot scan? Enter this key in the app by hand:'],
  'notify.title': ['待办与通知', 'To do and notifications'],
  'notify.badge': ['{{count}} 条待处理', '{{count}} waiting for you'],
  'notify.none': ['暂无待办', 'Nothing waiting'],
  'notify.openQueue': ['去处理', 'Open queue'],
  'notify.openInbox': ['查看消息', 'Open inbox'],
  'notify.kind.approvals': ['待复核的余额调整（{{count}}）', 'Balance adjustments to approve ({{count}})'],
  'notify.kind.messages': ['未读消息（{{count}}）', 'Unread messages ({{count}})'],
  'notify.kind.failedCallbacks': ['商户通知失败（{{count}}）', 'Failed callbacks to merchants ({{count}})'],
  'notify.kind.usdtExceptions': ['USDT充值异常（{{count}}）', 'USDT deposit exceptions ({{count}})'],
  'notify.kind.matchQueue': ['撮合待处理（{{count}}）', 'Matches waiting for an operator ({{count}})'],
  'notify.kind.tradeQueue': ['交易待审核/争议（{{count}}）', 'Trades to confirm or rule on ({{count}})'],
  'notify.kind.tradeBuyApplications': [
    '买单申请待确认（{{count}}）',
    'Buy applications to decide ({{count}})',
  ],
  'notify.kind.tradeSellApplications': [
    '卖单申请待确认（{{count}}）',
    'Sell applications to decide ({{count}})',
  ],
  'notify.kind.walletDisputes': [
    '钱包申诉待处理（{{count}}）',
    'Wallet disputes waiting for an operator ({{count}})',
  ],
  'notify.kind.lowBalances': ['三方余额低于预警（{{count}}）', 'Provider balances below alert ({{count}})'],
  'header.orderCounts': ['订单数量角标', 'Order count badges'],
  'sandbox.control': ['控制沙箱商户（令其回调失败）', 'Control the sandbox merchant (make callbacks fail)'],
});

export function addShellLabels(): void {
  addLabels('@shell-parts', shellLabels);
}

/** Adds the texts during the first render of a part that uses them. */
export function useShellLabels(): void {
  useState(addShellLabels);
}
