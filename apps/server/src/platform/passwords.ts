/**
 * Password hashing (argon2id, m=19456 KiB, t=2, p=1: OWASP's minimum) and the password policy of
 * security.md: letters and digits, configurable length, common passwords refused, never truncated.
 */
import { hash, verify } from '@node-rs/argon2';
import { ErrorCode } from '@payops/contracts';
import { AppError } from './errors.ts';

// algorithm 2 is Argon2id (a const enum in the package's types, which isolated modules cannot read).
const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash to verify against for unknown usernames, so both cases cost the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-0');
  return dummyHash;
}

// The most common passwords that satisfy "letters and digits" (from public breach top lists).
const COMMON = new Set(
  [
    'password1',
    'password12',
    'password123',
    'passw0rd',
    'p@ssw0rd',
    'abc12345',
    'abcd1234',
    'a1234567',
    'qwerty123',
    'qwerty12',
    'qwer1234',
    'asdf1234',
    'zxcv1234',
    '1qaz2wsx',
    '1q2w3e4r',
    '1q2w3e4r5t',
    'qwe123456',
    'abc123456',
    'aa123456',
    'a12345678',
    'admin123',
    'admin1234',
    'admin888',
    'root1234',
    'test1234',
    'iloveyou1',
    'welcome1',
    'letmein1',
    'monkey123',
    'dragon123',
    'woaini1314',
    'a123456789',
    'q1w2e3r4',
    'zaq12wsx',
    'changeme1',
    'qazwsx123',
    'abcdef123',
    '123456abc',
    '12345abc',
    '123qweasd',
  ].map((p) => p.toLowerCase()),
);

export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
}

/** Returns nothing when the password is acceptable, else throws passwordPolicy with the reason. */
export function checkPasswordPolicy(password: string, policy: PasswordPolicy, username?: string): void {
  const reasons: string[] = [];
  if (password.length < policy.minLength) reasons.push(`min_length_${policy.minLength}`);
  if (password.length > policy.maxLength) reasons.push(`max_length_${policy.maxLength}`);
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) reasons.push('letters_and_digits');
  if (COMMON.has(password.toLowerCase())) reasons.push('common');
  if (username && password.toLowerCase().includes(username.toLowerCase())) reasons.push('contains_username');
  if (reasons.length) throw new AppError(ErrorCode.passwordPolicy, { reasons, ...policy });
}
