/**
 * The demo's system administration desk, through the console's own HTTP routes (`app.inject`, the
 * path a browser's requests take: session, permission guard, validation, audit row): a demo operator
 * signs in with password and authenticator code, keeps the IP lists (a scanner's range on the black
 * list, the offices on the white list, its enforcement left off) and publishes an announcement to
 * the staff, leaving a draft. It keeps raw upstream callbacks longer (applied at once) and asks to
 * raise the adjustment threshold, which a colleague rejects; the colleague's request for fewer USDT
 * confirmations waits for whoever signs in (/sys/sysBackConfig). The /sys pages show what it did.
 */
import { blackIp, message, pendingChange, sysBackConfig, whiteIp } from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { type Desk, openDesk } from './desk-session.ts';

export const DESK_OPERATOR = 'demo_desk';
export const CHECKER_OPERATOR = 'demo_desk_checker';

/** Addresses from the documentation ranges (RFC 5737): nobody's real network. */
const BLACK = [
  { cidr: '203.0.113.0/24', remark: '扫描登录页的网段（连续失败登录）' },
  { cidr: '198.51.100.23', remark: '撞库来源' },
];
const WHITE = [
  { cidr: '192.0.2.0/28', remark: '上海办公室出口' },
  { cidr: '192.0.2.64', remark: '风控值班 VPN' },
];
const ANNOUNCEMENTS = [
  {
    title: '今晚 23:00-23:30 通道维护',
    content: 'SANDBOX 通道今晚 23:00-23:30 维护，期间代付将自动切换到备用通道，请值班同事留意出款队列。',
    publish: true,
  },
  {
    title: '本周五风控规则调整（草稿）',
    content: '拟将单笔提现自动审核上限由 500 调整为 300，待风控负责人确认后发布。',
    publish: false,
  },
];

export interface DeskReport {
  blackIp: number;
  whiteIp: number;
  messages: number;
  published: number;
  settings: number;
  pendingChanges: number;
}

/** The desk's day. Its operator is created here (an administrator), bound to an authenticator. */
export async function runSysDesk(app: FastifyInstance, ctx: AppContext): Promise<DeskReport> {
  const desk = await openDesk(app, ctx, {
    username: DESK_OPERATOR,
    displayName: '系统管理员（演示）',
    authenticator: true,
  });
  const post = <T>(url: string, body: unknown) => desk.post<T>(url, body);

  for (const rule of BLACK) await post(blackIp.actions.add!.path, rule);
  for (const rule of WHITE) await post(whiteIp.actions.add!.path, rule);
  let published = 0;
  for (const { publish, ...draft } of ANNOUNCEMENTS) {
    const row = await post<{ id: number }>(message.actions.add!.path, draft);
    if (!publish) continue;
    await post(message.actions.publish!.path, { id: row.id });
    published++;
  }
  // The settings, each through the settings' edit with a fresh code (each is spent once: a desk's
  // second code waits for its authenticator's next step). A colleague asks for fewer USDT
  // confirmations, which waits for whoever signs in next; the desk's raise of the adjustment
  // threshold is rejected by the colleague (a decision asks for a code too).
  const edit = (who: Desk, key: string, value: unknown) =>
    who.post<{ pendingChangeId?: number }>(sysBackConfig.actions.edit!.path, { key, value }, { code: true });
  const colleague = await openDesk(app, ctx, {
    username: CHECKER_OPERATOR,
    displayName: '运维管理员（演示）',
    authenticator: true,
  });
  await edit(desk, 'upstreamCallbackRetentionDays', 180);
  await edit(colleague, 'usdtConfirmations', 1);
  const raise = await edit(desk, 'adjustApprovalThreshold', '80000');
  await colleague.post(
    pendingChange.actions.reject!.path,
    { id: raise.pendingChangeId, reason: '调账复核阈值上调需财务负责人书面确认' },
    { code: true },
  );
  await colleague.signOut();
  await desk.signOut();
  return {
    blackIp: BLACK.length,
    whiteIp: WHITE.length,
    messages: ANNOUNCEMENTS.length,
    published,
    settings: 1,
    pendingChanges: 2,
  };
}

export function describeDesk(d: DeskReport): string {
  return `demo desk: ${d.blackIp} black-listed and ${d.whiteIp} white-listed addresses, ${d.messages} announcements (${d.published} published), ${d.settings} setting changed, ${d.pendingChanges} weakening changes asked for approval`;
}
