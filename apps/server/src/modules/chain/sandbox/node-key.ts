/**
 * The sandbox chain's node key: what an API key is to a real node's RPC (a hosted TRON or Ethereum
 * node refuses calls without one). Without it anyone who reaches a demo console could spend its hot
 * wallet (`send`) or fake payments (`pay`, `mine`, `fail`). Derived from the server's SECRET_KEY, so
 * every instance sharing that key agrees and nothing is stored; the adapter, the demo and the tests
 * send it in a header.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const NODE_KEY_HEADER = 'x-chain-node-key';

export function sandboxNodeKey(secretKey: Buffer): string {
  return createHmac('sha256', secretKey).update('payops sandbox chain node key').digest('hex');
}

/** The headers of a call to the sandbox chain. */
export function nodeKeyHeaders(secretKey: Buffer): Record<string, string> {
  return { [NODE_KEY_HEADER]: sandboxNodeKey(secretKey) };
}

export function nodeKeyValid(secretKey: Buffer, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const want = Buffer.from(sandboxNodeKey(secretKey));
  const got = Buffer.from(given);
  return got.length === want.length && timingSafeEqual(got, want);
}
