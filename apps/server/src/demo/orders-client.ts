/**
 * A merchant's client of the merchant API over HTTP, signing as signing.ts says: what the demo
 * orders, the bench and the tests send, so they exercise exactly the path a real merchant takes.
 */
import type { Envelope } from '@payops/contracts';
import { signedBody } from '../platform/signing.ts';

export interface MerchantCredentials {
  mchNo: string;
  secret: string;
}

export interface CallOptions {
  /** Unix milliseconds; default now. */
  timestamp?: string;
  nonce?: string;
  /** Sign with another secret (a test of a bad signature). */
  secret?: string;
  headers?: Record<string, string>;
}

export async function merchantApiCall<T = unknown>(
  origin: string,
  m: MerchantCredentials,
  path: string,
  params: Record<string, string>,
  opts: CallOptions = {},
): Promise<{ status: number; envelope: Envelope<T> }> {
  const body = signedBody(opts.secret ?? m.secret, m.mchNo, params, opts);
  const res = await fetch(`${origin}/openapi/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...opts.headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, envelope: (await res.json()) as Envelope<T> };
}
