/**
 * The signature of the upstream protocol the sandbox speaks (and a real HMAC provider would):
 * HMAC-SHA256 with the shared secret over the canonical string of the flat parameters, sorted by
 * name, `name=value` joined by `&`, leaving out `sign` and empty values. Hex, lower case.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export type Params = Record<string, string | number | null | undefined>;

export function canonical(params: Params): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function sign(secret: string, params: Params): string {
  return createHmac('sha256', secret).update(canonical(params)).digest('hex');
}

/** Adds timestamp, nonce and sign to a request's parameters. */
export function signed<T extends Params>(secret: string, params: T, now: Date) {
  const full = {
    ...params,
    timestamp: Math.floor(now.getTime() / 1000),
    nonce: randomBytes(8).toString('hex'),
  };
  return { ...full, sign: sign(secret, full) };
}

/** Constant-time comparison of the `sign` a message carries with the one its parameters give. */
export function verify(secret: string, params: Params): boolean {
  const given = params.sign;
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(given, 'hex'), Buffer.from(sign(secret, params), 'hex'));
}

/** Only flat scalar bodies are signable: anything else is malformed. */
export function asParams(body: unknown): Params | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  for (const v of Object.values(body)) {
    if (v !== null && typeof v !== 'string' && typeof v !== 'number') return null;
  }
  return body as Params;
}
