/**
 * The one signature rule of the platform's HTTP partners: the merchant API's requests, the platform's
 * callbacks to merchants, and the upstream protocol the sandbox speaks (and an HMAC provider would).
 * One definition for the server, the demo client, the tests and the OpenAPI document's worked example:
 *
 * 1. Take every parameter of the flat JSON body except `sign` (mchNo, timestamp and nonce included).
 * 2. Leave out parameters whose value is empty (the empty string, null or absent).
 * 3. Sort the names ascending by character code (plain ASCII order: `amount` < `mchNo` < `nonce`).
 * 4. Join them as `name=value` with `&`, values exactly as sent (no URL encoding, no trimming).
 * 5. sign = lowercase hex of HMAC-SHA256(key = the secret as UTF-8, message = that string).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedParams = Record<string, string | number | null | undefined>;

export function canonicalString(params: SignedParams): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== undefined && params[k] !== null && params[k] !== '')
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function signParams(secret: string, params: SignedParams): string {
  return createHmac('sha256', secret).update(canonicalString(params), 'utf8').digest('hex');
}

/** Constant-time comparison of the expected and the sent signature (any case of hex accepted). */
export function signatureMatches(secret: string, params: SignedParams, sent: string): boolean {
  const expected = Buffer.from(signParams(secret, params), 'utf8');
  const given = Buffer.from(sent.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A signed body for a merchant's request: what the demo client and the tests send. */
export function signedBody<T extends Record<string, string>>(
  secret: string,
  mchNo: string,
  params: T,
  opts: { timestamp?: string; nonce?: string } = {},
): T & { mchNo: string; timestamp: string; nonce: string; sign: string } {
  const body = {
    ...params,
    mchNo,
    timestamp: opts.timestamp ?? String(Date.now()),
    nonce: opts.nonce ?? crypto.randomUUID().replaceAll('-', ''),
  };
  return { ...body, sign: signParams(secret, body) };
}
