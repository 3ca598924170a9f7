/**
 * "An administrator can require binding for everyone" (PCI DSS 8.4.2), enforced on every call: while
 * the setting is on, an operator without a bound authenticator reaches only the routes that bind one
 * (`config.beforeBinding`) and gets `bindRequired` everywhere else; the web opens the bind dialog.
 * The setting is read at most every few seconds per instance (`cachedSetting`), so the usual case
 * (off) costs nothing.
 */
import { ErrorCode } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { operators } from '../modules/sys/schema.ts';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';
import { cachedSetting } from './settings.ts';

export async function bindingRequired(ctx: AppContext): Promise<boolean> {
  return Boolean(await cachedSetting(ctx, 'requireAuthenticator'));
}

export async function isBound(ctx: AppContext, operatorId: number): Promise<boolean> {
  const [op] = await ctx.db
    .select({ secret: operators.totpSecretEnc })
    .from(operators)
    .where(eq(operators.id, operatorId));
  return Boolean(op?.secret);
}

export async function refuseUnbound(ctx: AppContext, request: FastifyRequest): Promise<void> {
  if (request.routeOptions.config?.beforeBinding || !request.auth) return;
  if (!(await bindingRequired(ctx))) return;
  if (!(await isBound(ctx, request.auth.operatorId))) throw new AppError(ErrorCode.bindRequired);
}
