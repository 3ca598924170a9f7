/**
 * Texts of the /sys pages' own dialogs and panels (the definitions carry the field and action labels).
 * Both languages sit on one line per key; added to i18next when a /sys page first mounts.
 */
import { bilingual } from '@payops/contracts/resource';
import { useState } from 'react';
import { addLabels } from '../../engine/resource-labels.ts';

export const sysLabels = bilingual({
  'sysPage.newPassword': ['新密码', 'New password'],
  'sysPage.passwordReset': ['密码已重置，该用户需重新登录', 'Password reset; the operator signs in again'],
  'sysPage.roles': ['角色', 'Roles'],
  'sysPage.rolesSaved': ['角色已更新，该用户需重新登录', 'Roles saved; the operator signs in again'],
  'sysPage.bindTitle': ['绑定谷歌验证 · {{name}}', 'Bind authenticator · {{name}}'],
  'sysPage.bindScan': [
    '请该用户用谷歌验证器扫描二维码，然后输入其生成的验证码',
    'Let the operator scan the QR with their authenticator app, then enter the code it shows',
  ],
  'sysPage.bindCode': ['用户的验证码', "The operator's code"],
  'sysPage.bindDone': ['绑定成功', 'Authenticator bound'],
  'sysPage.qrFailed': ['二维码加载失败', 'The QR could not be loaded'],
  'sysPage.codeRequired': ['请输入 6 位数字验证码', 'Enter the 6-digit code'],
  'sysPage.permissionsTitle': ['分配权限 · {{name}}', 'Permissions · {{name}}'],
  'sysPage.needsCode': ['需验证码', 'Needs a code'],
  'sysPage.permissionsSaved': [
    '权限已保存，{{count}} 个用户需重新登录',
    'Permissions saved; {{count}} operators sign in again',
  ],
  'sysPage.expandAll': ['全部展开', 'Expand all'],
  'sysPage.importTitle': ['批量导入地址', 'Bulk import of addresses'],
  'sysPage.importAddresses': ['地址（每行一个）', 'Addresses (one per line)'],
  'sysPage.importRequired': ['请至少输入一个地址', 'Enter at least one address'],
  'sysPage.importResult': [
    '成功导入 {{imported}} 个，失败 {{failed}} 行',
    '{{imported}} imported, {{failed}} lines refused',
  ],
  'sysPage.line': ['行号', 'Line'],
  'sysPage.value': ['内容', 'Value'],
  'sysPage.reason': ['原因', 'Reason'],
  'sysPage.reasons.format': ['地址格式错误', 'Not an address of this network'],
  'sysPage.reasons.duplicate': ['重复的行', 'Repeated line'],
  'sysPage.reasons.exists': ['地址已存在', 'Already in the pool'],
  'sysPage.whiteSwitch': ['白名单开关', 'White-list switch'],
  'sysPage.whiteOn': ['已开启：仅白名单IP可访问后台', 'On: only listed addresses reach the console'],
  'sysPage.whiteOff': ['已关闭：不限制访问IP', 'Off: any address may reach the console'],
  'sysPage.diffField': ['字段', 'Field'],
  'sysPage.before': ['修改前', 'Before'],
  'sysPage.after': ['修改后', 'After'],
  'sysPage.noDetail': ['无变更详情', 'No change details'],
  'sysPage.extra': ['其他信息', 'Other details'],
  'sysPage.inbox': ['我的消息', 'My messages'],
  'sysPage.read': ['已读', 'Read'],
  'sysPage.unread': ['未读', 'Unread'],
  'sysPage.markAllRead': ['全部标为已读', 'Mark all as read'],
  'sysPage.unreadCount': ['{{count}} 条未读消息', '{{count}} unread messages'],
  'sysPage.settingValue': ['值', 'Value'],
  'sysPage.listPlaceholder': ['输入后回车添加', 'Type and press Enter to add'],
  'sysPage.on': ['开', 'On'],
  'sysPage.off': ['关', 'Off'],
});

/** Adds the /sys texts during the first render of a page that uses them. */
export function useSysLabels(): void {
  useState(() => addLabels('@sys-pages', sysLabels));
}
