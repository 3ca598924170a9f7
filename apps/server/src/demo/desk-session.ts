/**
 * A demo desk's operator at work through the console's own HTTP routes (`app.inject`, the path a
 * browser's requests take: session, permission guard, validation, code check, audit row). The
 * operator is created an administrator, bound to an authenticator or not, and signs in with its
 * password (and code); each call may carry a fresh authenticator code and an Idempotency-Key.
 */
import crypto from 'node:crypto';
import { encryptPassword, type PublicKeyAnswer } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { generate } from 'otplib';
import { operatorRoles, operators, roles } from '../modules/sys/schema.ts';
import type { AppContext } from '../platform/context.ts';
import { IDEMPOTENCY_HEADER } from '../platform/idempotency.ts';
import { hashPassword } from '../platform/passwords.ts';
import { ADMIN_ROLE } from '../platform/permissions.ts';
import { seal } from '../platform/secret-box.ts';
import { SESSION_COOKIE } from '../platform/sessions.ts';
import { newSecret } from '../platform/totp.ts';

type Envelope<T> = { code: number; msg: string; data: T };

export interface DeskOperator {
  username: string;
  displayName: string;
  /** Bound to an authenticator: it signs in with a code, and sends one where a route asks. */
  authenticator: boolean;
}

export interface Desk {
  /** A POST as the signed-in operator; `code` sends a fresh authenticator code, `key` an Idempotency-Key. */
  post<T>(url: string, body: unknown, opts?: { code?: boolean; key?: string }): Promise<T>;
  get<T>(url: string): Promise<T>;
  signOut(): Promise<void>;
}

/** Creates the operator and signs it in; a route's refusal throws, naming the route. */
export async function openDesk(app: FastifyInstance, ctx: AppContext, op: DeskOperator): Promise<Desk> {
  const password = crypto.randomBytes(12).toString('base64url');
  const secret = op.authenticator ? newSecret() : null;
  const [row] = await ctx.db
    .insert(operators)
    .values({
      username: op.username,
      displayName: op.displayName,
      passwordHash: await hashPassword(password),
      totpSecretEnc: secret ? seal(ctx.keys.secretKey, secret) : null,
    })
    .returning({ id: operators.id });
  const [admin] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.code, ADMIN_ROLE));
  await ctx.db.insert(operatorRoles).values({ operatorId: row!.id, roleId: admin!.id });

  // Each code is spent once (platform/totp.ts): the previous step's and then the current one's are
  // accepted, so a desk signs in with the previous step's code and spends the current one next; a
  // third code waits for the authenticator's next step, as a person would.
  let step = Math.floor(ctx.clock.nowMs() / 30_000) - 1;
  const code = async () => {
    // A previous step's code is refused once the server's clock has crossed into the next step: near
    // the edge, let the step turn first (two desks signing in together met it at start-up).
    const left = 30_000 - (ctx.clock.nowMs() % 30_000);
    if (left < 2_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
    let now = Math.floor(ctx.clock.nowMs() / 30_000);
    if (step > now) {
      await new Promise((resolve) => setTimeout(resolve, step * 30_000 - ctx.clock.nowMs() + 50));
      now = step;
    }
    if (step < now - 1) step = now - 1;
    return generate({ secret: secret!, epoch: step++ * 30 });
  };

  // The session travels as a browser's does: its token in a header, its cookie alongside. The login
  // log's device column names the demo (inject's own agent read 'lightMyRequest').
  const session: Record<string, string> = {};
  const send = async <T>(method: 'GET' | 'POST', url: string, body?: unknown, headers = {}) => {
    const res = await app.inject({
      method,
      url,
      headers: { 'accept-language': 'zh-CN', 'user-agent': 'PayOps demo desk', ...session, ...headers },
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
    username: op.username,
    password: await encryptPassword(key, password),
    ...(secret ? { googleCode: await code() } : {}),
  });
  session.access_token = token;
  return {
    post: async (url, body, opts = {}) =>
      send('POST', url, body, {
        ...(opts.code && secret ? { googlecode: await code() } : {}),
        ...(opts.key ? { [IDEMPOTENCY_HEADER]: opts.key } : {}),
      }),
    get: (url) => send('GET', url),
    signOut: async () => void (await send('POST', '/api/logout', {})),
  };
}
