/** Schema helpers shared by route declarations: the envelope around an answer. */
import { z } from 'zod';

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number(), msg: z.string(), data });
}

export const emptyEnvelope = envelope(z.null());

/** An encrypted password field: base64 of an RSA-OAEP ciphertext (3072-bit key: 512 chars). */
export const encryptedPassword = z.string().min(1).max(2048);

/** An ISO 8601 timestamp with its offset, parsed to a Date. */
export const isoDate = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
