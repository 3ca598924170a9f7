/**
 * Password transport: the client encrypts `{nonce, password}` with RSA-OAEP-SHA256 under our public
 * key. Each nonce is issued once, lives 5 minutes and is consumed atomically, so a replayed ciphertext
 * is refused. One submit may carry several passwords under one nonce (password change).
 */
import { constants, privateDecrypt, randomBytes } from 'node:crypto';
import { ErrorCode, type Locale } from '@payops/contracts';
import { and, gt, inArray, lt } from 'drizzle-orm';
import { authNonces } from '../modules/sys/schema.ts';
import type { AppContext } from './context.ts';
import { AppError, ruleError } from './errors.ts';

const NONCE_TTL_MS = 5 * 60_000;

/**
 * Deletes the nonces past their lifetime. The table stays bounded: each row lives NONCE_TTL_MS at most,
 * and the public-key route that adds them is rate-limited per address. For a scheduled job too.
 */
export async function deleteExpiredNonces(ctx: AppContext): Promise<number> {
  const gone = await ctx.db
    .delete(authNonces)
    .where(lt(authNonces.expiresAt, ctx.clock.now()))
    .returning({ nonce: authNonces.nonce });
  return gone.length;
}

export async function issueNonce(ctx: AppContext): Promise<{ publicKey: string; nonce: string }> {
  const now = ctx.clock.now();
  const nonce = randomBytes(16).toString('base64url');
  await deleteExpiredNonces(ctx);
  await ctx.db.insert(authNonces).values({ nonce, expiresAt: new Date(now.getTime() + NONCE_TTL_MS) });
  return { publicKey: ctx.keys.rsaPublicPem, nonce };
}

function decryptOne(
  ctx: AppContext,
  field: string,
  ciphertext: string,
  locale: Locale,
): { nonce: string; password: string } {
  try {
    const plain = privateDecrypt(
      { key: ctx.keys.rsaPrivate, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(ciphertext, 'base64'),
    ).toString('utf8');
    const parsed = JSON.parse(plain) as { nonce?: unknown; password?: unknown };
    if (typeof parsed.nonce === 'string' && typeof parsed.password === 'string') {
      return { nonce: parsed.nonce, password: parsed.password };
    }
  } catch {
    // fall through: any failure is the same "cannot decrypt" answer, whatever the cause
  }
  throw ruleError(field, 'undecryptable', locale);
}

/** Decrypts the given encrypted fields and consumes their nonce(s); throws nonceInvalid on replay. */
export async function decryptPasswords<K extends string>(
  ctx: AppContext,
  fields: Record<K, string>,
  locale: Locale,
): Promise<Record<K, string>> {
  const out = {} as Record<K, string>;
  const nonces = new Set<string>();
  for (const [field, ciphertext] of Object.entries(fields) as [K, string][]) {
    const { nonce, password } = decryptOne(ctx, field, ciphertext, locale);
    nonces.add(nonce);
    out[field] = password;
  }
  const consumed = await ctx.db
    .delete(authNonces)
    .where(and(inArray(authNonces.nonce, [...nonces]), gt(authNonces.expiresAt, ctx.clock.now())))
    .returning({ nonce: authNonces.nonce });
  if (consumed.length !== nonces.size) throw new AppError(ErrorCode.nonceInvalid);
  return out;
}
