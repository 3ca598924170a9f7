/**
 * Well-formed sandbox addresses (TRON base58 form, Ethereum hex form) derived from a seed: what the
 * demo imports into the address pool and the tests use as payees. Not real keys: nobody holds them.
 */
import { createHash } from 'node:crypto';
import type { UsdtNetwork } from '@payops/contracts';

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

export function sandboxAddress(network: UsdtNetwork, seed: string): string {
  const bytes = createHash('sha256').update(`${network}:${seed}`).digest();
  if (network === 'ERC20') return `0x${bytes.subarray(0, 20).toString('hex')}`;
  const more = createHash('sha256').update(bytes).digest();
  const all = Buffer.concat([bytes, more]);
  return `T${Array.from(all.subarray(0, 33), (b) => B58[b % B58.length]).join('')}`;
}

export function sandboxAddresses(network: UsdtNetwork, count: number, seed: string): string[] {
  return Array.from({ length: count }, (_, i) => sandboxAddress(network, `${seed}:${i}`));
}
