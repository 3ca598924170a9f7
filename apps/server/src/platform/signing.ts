/**
 * Signing between the platform and merchants (the merchant API's requests and the platform's
 * callbacks use the same rule): HMAC-SHA256 with the merchant's secret over the canonical string of
 * the parameters, lower-case hex, sent as `sign`.
 *
 * Canonical string: every parameter but `sign` whose value is not null, undefined or '', sorted by
 * name (byte order), written `name=value` and joined with `&`. Values are written as strings, so
 * amounts travel as the decimal strings they are ("100.00" stays "100.00").
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type SignedParams = Record<string, string | number | boolean | null | undefined>;

export function canonicalString(params: SignedParams): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== null && params[k] !== undefined && params[k] !== '')
    .sort()
    .map((k) => `${k}=${String(params[k])}`)
    .join('&');
}

export function signParams(params: SignedParams, secret: string): string {
  return createHmac('sha256', secret).update(canonicalString(params), 'utf8').digest('hex');
}

/** Constant-time comparison of the `sign` in `params` with the one the secret gives. */
export function signatureValid(params: SignedParams, secret: string): boolean {
  const given = typeof params.sign === 'string' ? params.sign.toLowerCase() : '';
  const expected = signParams(params, secret);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
