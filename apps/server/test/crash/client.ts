/**
 * A small HTTP client for a console running as its own process: signs in the way the browser does
 * (RSA-OAEP password, cookie plus token) and retries a call until the server answers it.
 */
import { encryptPassword } from '@payops/contracts';

export interface Remote {
  base: string;
  token?: string;
  cookie?: string;
}

export interface Answer {
  status: number;
  code: number;
  data: Record<string, unknown>;
}

export async function send(
  remote: Remote,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${remote.base}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(remote.token ? { access_token: remote.token, cookie: `payops_session=${remote.cookie}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  const json = JSON.parse(text) as { code: number; data: Record<string, unknown> };
  if (res.headers.get('set-cookie')?.includes('payops_session=')) {
    remote.cookie = /payops_session=([^;]+)/.exec(res.headers.get('set-cookie')!)![1];
  }
  return { status: res.status, code: json.code, data: json.data };
}

export async function signInRemote(remote: Remote, username: string, password: string): Promise<void> {
  const key = await send(remote, 'GET', '/api/auth/publicKey');
  const enc = await encryptPassword(key.data as { publicKey: string; nonce: string }, password);
  const res = await send(remote, 'POST', '/api/auth', { username, password: enc });
  if (res.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(res)}`);
  remote.token = String(res.data.token);
}

/**
 * Sends until the server gives an answer that is not "away" (connection refused or reset while it
 * restarts, a timeout, a 503): a client retrying with the same Idempotency-Key, as Stripe's would.
 */
export async function untilAnswered(call: () => Promise<Answer>, deadlineMs: number): Promise<Answer> {
  for (;;) {
    try {
      const res = await call();
      if (res.status !== 503) return res;
    } catch {
      // the process is down or was killed mid-answer: try again
    }
    if (Date.now() > deadlineMs) throw new Error('no answer before the deadline');
    await new Promise((r) => setTimeout(r, 100));
  }
}
