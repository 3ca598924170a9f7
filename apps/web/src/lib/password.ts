/**
 * Password transport (security.md): one public key and nonce per submit, every password field of
 * that submit encrypted with it through the contracts' shared implementation.
 */
import { encryptPassword, type PublicKeyAnswer } from '@payops/contracts/crypto';
import { api } from './api.ts';

export async function encryptPasswords<K extends string>(
  passwords: Record<K, string>,
): Promise<Record<K, string>> {
  const key = await api<PublicKeyAnswer>('/api/auth/publicKey');
  const out = {} as Record<K, string>;
  for (const [field, value] of Object.entries(passwords) as [K, string][]) {
    out[field] = await encryptPassword(key, value);
  }
  return out;
}
