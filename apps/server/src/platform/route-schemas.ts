/** Schema helpers shared by route declarations: the envelope around an answer. */
import { NOTICE_LEVELS, safeDatetime } from '@payops/contracts';
import { z } from 'zod';

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data });
}

export const emptyEnvelope = envelope(z.null());

/** A counted page's pager (contracts Pager): the total exact up to TOTAL_CAP, then capped. */
export const pagerSchema = z.object({
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  totalCapped: z.boolean(),
});

/** A custom action's word to the operator (contracts ActionNotice): the web shows it at its level. */
export const actionNotice = z.object({ level: z.enum(NOTICE_LEVELS), text: z.string() });

/** An encrypted password field: base64 of an RSA-OAEP ciphertext (3072-bit key: 512 chars). */
export const encryptedPassword = z.string().min(1).max(2048);

/** An ISO 8601 timestamp with its offset (between 1900 and 2999), parsed to a Date. */
export const isoDate = safeDatetime().transform((s) => new Date(s));
