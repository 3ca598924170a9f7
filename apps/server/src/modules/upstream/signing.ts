/**
 * The upstream protocol's signing: the platform's rule (platform/signing.ts) over flat parameters,
 * with the protocol's timestamp in seconds and an 8-byte nonce.
 */
import { randomBytes } from 'node:crypto';
import { type SignedParams as Params, signatureMatches, signParams } from '../../platform/signing.ts';

export type { Params };

export const sign = signParams;

/** Adds timestamp, nonce and sign to a request's parameters. */
export function signed<T extends Params>(secret: string, params: T, now: Date) {
  const full = {
    ...params,
    timestamp: Math.floor(now.getTime() / 1000),
    nonce: randomBytes(8).toString('hex'),
  };
  return { ...full, sign: sign(secret, full) };
}

/** Whether the `sign` a message carries is the one its parameters give (constant time). */
export function verify(secret: string, params: Params): boolean {
  const given = params.sign;
  return typeof given === 'string' && /^[0-9a-f]{64}$/.test(given) && signatureMatches(secret, params, given);
}

/** Only flat scalar bodies are signable: anything else is malformed. */
export function asParams(body: unknown): Params | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  for (const v of Object.values(body)) {
    if (v !== null && typeof v !== 'string' && typeof v !== 'number') return null;
  }
  return body as Params;
}
