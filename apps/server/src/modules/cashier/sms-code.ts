/**
 * One-time SMS codes: crypto-random digits, kept only as a keyed hash (HMAC-SHA256 under the
 * platform's secret key with a salt of their own), compared in constant time. Six digits are few
 * enough to guess offline from a plain hash; the key stays out of the database.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

export function newCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

function mac(key: Buffer, salt: string, code: string): string {
  return createHmac('sha256', key).update(`${salt}:${code}`).digest('base64url');
}

export function hashCode(key: Buffer, code: string): string {
  const salt = randomBytes(12).toString('base64url');
  return `${salt}$${mac(key, salt, code)}`;
}

export function codeMatches(key: Buffer, stored: string, code: string): boolean {
  const [salt = '', expected = ''] = stored.split('$');
  const actual = Buffer.from(mac(key, salt, code));
  const want = Buffer.from(expected);
  return actual.length === want.length && timingSafeEqual(actual, want);
}
