/**
 * Unmasking personal data is time-bound (issue 17 item 5): an unmask with a code shows data in clear
 * for UNMASK_MINUTES, stored on the session as `unmasked_until`; after it, or after a re-mask, the
 * server masks again. Exporting while unmasked takes a fresh code of its own (see crud/export-access).
 */
import { eq } from 'drizzle-orm';
import { sessions } from '../modules/sys/schema.ts';
import type { AppContext, AuthContext } from './context.ts';

/** The session's unmask state at `now`: an expiry in the past is masked. */
export function unmaskState(until: Date | null, now: Date): Pick<AuthContext, 'unmasked' | 'unmaskedUntil'> {
  const open = until !== null && until > now;
  return { unmasked: open, unmaskedUntil: open ? until : null };
}

/** Unmasks the session from now for the configured minutes; answers the expiry. */
export async function unmaskSession(ctx: AppContext, sessionId: number): Promise<Date> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + ctx.config.unmaskMs);
  await ctx.db
    .update(sessions)
    .set({ unmaskedAt: now, unmaskedUntil: until })
    .where(eq(sessions.id, sessionId));
  return until;
}

/** Ends the session's unmask now (the header's re-mask button). */
export async function remaskSession(ctx: AppContext, sessionId: number): Promise<void> {
  await ctx.db.update(sessions).set({ unmaskedUntil: null }).where(eq(sessions.id, sessionId));
}
