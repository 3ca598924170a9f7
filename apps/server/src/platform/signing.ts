/**
 * Signing between the platform and merchants: the platform's callbacks are signed by the rule of the
 * merchant API's requests (gateway's modules/openapi/signing.ts, with which this file agrees name for
 * name; at merge one of the two stays):
 *
 * 1. Take every parameter of the JSON body except `sign`.
 * 2. Leave out parameters whose value is empty (the empty string, null or absent).
 * 3. Sort the names ascending by character code.
 * 4. Join them as `name=value` with `&`, values exactly as sent (amounts as the decimal strings they are).
 * 5. sign = lowercase hex of HMAC-SHA256(key = the merchant's secret as UTF-8, message = that string).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedParams = Record<string, string | null | undefined>;

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
