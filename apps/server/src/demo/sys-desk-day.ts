/**
 * The demo's system administration desk, through the console's own HTTP routes (`app.inject`, the
 * path a browser's requests take: session, permission guard, validation, audit row): a demo operator
 * signs in with password and authenticator code, keeps the IP lists (a scanner's range on the black
 * list, the offices on the white list, its enforcement left off) and publishes an announcement to
 * the staff, leaving a draft. The /sys/blackIp, /sys/whiteIp and /sys/message pages show what it did.
 */
import crypto from 'node:crypto';
import { blackIp, encryptPassword, message, type PublicKeyAnswer, whiteIp } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { operatorRoles, operators, roles } from '../modules/sys/schema.ts';
import type { AppContext } from '../platform/context.ts';
import { hashPassword } from '../platform/passwords.ts';
import { ADMIN_ROLE } from '../platform/permissions.ts';
import { seal } from '../platform/secret-box.ts';
import { SESSION_COOKIE } from '../platform/sessions.ts';
import { newSecret } from '../platform/totp.ts';

export const DESK_OPERATOR = 'demo_desk';

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
}

type Envelope<T> = { code: number; msg: string; data: T };

/** The desk's day. Its operator is created here (an administrator), bound to an authenticator. */
export async function runSysDesk(app: FastifyInstance, ctx: AppContext): Promise<DeskReport> {
  const password = crypto.randomBytes(12).toString('base64url');
  const secret = newSecret();
  const [op] = await ctx.db
    .insert(operators)
    .values({
      username: DESK_OPERATOR,
      displayName: '系统管理员（演示）',
      passwordHash: await hashPassword(password),
      totpSecretEnc: seal(ctx.keys.secretKey, secret),
    })
    .returning({ id: operators.id });
  const [admin] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE));
  await ctx.db.insert(operatorRoles).values({ operatorId: op!.id, roleId: admin!.id });

  // The session travels as a browser's does: its token in a header, its cookie alongside. The login
  // log's device column names the demo (inject's own agent read 'lightMyRequest').
  const session: Record<string, string> = {};
  const send = async <T>(method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.inject({
      method,
      url,
      headers: { 'accept-language': 'zh-CN', 'user-agent': 'PayOps demo desk', ...session },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    const answer = res.json() as Envelope<T>;
    if (answer.code !== 0) throw new Error(`demo desk: ${url} answered ${answer.code} ${answer.msg}`);
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
    if (cookie) session.cookie = `${SESSION_COOKIE}=${cookie.value}`;
    return answer.data;
  };
  const key = await send<PublicKeyAnswer>('GET', '/api/auth/publicKey');
  const { token } = await send<{ token: string }>('POST', '/api/auth', {
    username: DESK_OPERATOR,
    password: await encryptPassword(key, password),
    googleCode: await generate({ secret, epoch: Math.floor(ctx.clock.nowMs() / 1000) }),
  });
  session.access_token = token;
  const post = <T>(url: string, body: unknown) => send<T>('POST', url, body);

  for (const rule of BLACK) await post(blackIp.actions.add!.path, rule);
  for (const rule of WHITE) await post(whiteIp.actions.add!.path, rule);
  let published = 0;
  for (const { publish, ...draft } of ANNOUNCEMENTS) {
    const row = await post<{ id: number }>(message.actions.add!.path, draft);
    if (!publish) continue;
    await post(message.actions.publish!.path, { id: row.id });
    published++;
  }
  await post('/api/logout', {});
  return { blackIp: BLACK.length, whiteIp: WHITE.length, messages: ANNOUNCEMENTS.length, published };
}

export function describeDesk(d: DeskReport): string {
  return `demo desk: ${d.blackIp} black-listed and ${d.whiteIp} white-listed addresses, ${d.messages} announcements (${d.published} published)`;
}
