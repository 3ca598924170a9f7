/**
 * Third parties: the deposit and payout providers' pages (one table, each page scoped to its
 * direction), and every provider read-only as the target of references. The signing secret arrives
 * in the add or edit body as `secret`, is sealed here and never answered, logged or audited; the
 * list shows its hint. A provider's health is the state of its passages.
 */
import { depositThirdPay, type Locale, thirdParty, withdrawThirdPay } from '@payops/contracts';
import { count, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { type Row, registerCrud, type Tx } from '../../platform/crud/index.ts';
import { fieldError, localeOf } from '../../platform/errors.ts';
import { seal } from '../../platform/secret-box.ts';
import { passages, thirdParties } from '../mch/passage.schema.ts';
import { checkInterfaceType, checkProviderUrl, refuseInUse } from './checks.ts';
import { thirdAgentPays, thirdInterfaces } from './schema.ts';

const secretRequired = {
  'zh-CN': '新增三方时必须填写签名密钥',
  'en-US': 'is required for a new third party',
};

const USERS = {
  passages: ['个通道', 'passages'],
  agentPays: ['个代付配置', 'agent-pay configs'],
  interfaces: ['个接口配置', 'interface configs'],
} as const;

/** The sealed secret and its hint, from the body's `secret` (undefined: keep the stored one). */
export function sealSecret(key: Buffer, secret: unknown) {
  if (typeof secret !== 'string' || secret === '') return undefined;
  return { secretEnc: seal(key, secret), secretHint: `******${secret.slice(-4)}` };
}

/** healthy: every passage healthy; down: every passage down; degraded: anything between. */
export async function enrichHealth(ctx: AppContext, rows: Row[]): Promise<Row[]> {
  const ids = rows.map((r) => Number(r.id));
  const found = await ctx.db
    .select({
      id: passages.thirdPartyId,
      total: count(),
      down: sql<number>`count(*) FILTER (WHERE ${passages.health} = 'down')::int`,
      healthy: sql<number>`count(*) FILTER (WHERE ${passages.health} = 'healthy')::int`,
    })
    .from(passages)
    .where(inArray(passages.thirdPartyId, ids))
    .groupBy(passages.thirdPartyId);
  const byId = new Map(found.map((f) => [f.id, f]));
  return rows.map((row) => {
    const f = byId.get(Number(row.id));
    const health = !f ? null : f.healthy === f.total ? 'healthy' : f.down === f.total ? 'down' : 'degraded';
    return { ...row, health, passageCount: f?.total ?? 0 };
  });
}

async function refuseUsedParties(tx: Tx, ids: number[], locale: Locale) {
  const countOf = async (table: typeof passages | typeof thirdAgentPays | typeof thirdInterfaces) => {
    const [c] = await tx.select({ n: count() }).from(table).where(inArray(table.thirdPartyId, ids));
    return c?.n ?? 0;
  };
  refuseInUse(
    {
      passages: await countOf(passages),
      agentPays: await countOf(thirdAgentPays),
      interfaces: await countOf(thirdInterfaces),
    },
    USERS,
    locale,
  );
}

export async function thirdPartyRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  registerCrud(fastify, thirdParty, { table: thirdParties });

  // Each page is scoped to its direction (contracts).
  for (const def of [depositThirdPay, withdrawThirdPay]) {
    registerCrud(fastify, def, {
      table: thirdParties,
      enrich: (rows) => enrichHealth(ctx, rows),
      beforeWrite: async (values, info) => {
        const locale = localeOf(info.request);
        await checkInterfaceType(info.tx, values.interfaceType, locale);
        checkProviderUrl(ctx, values, info.before, 'baseUrl', locale);
        const sealed = sealSecret(ctx.keys.secretKey, (info.request.body as Row).secret);
        if (!sealed && info.mode === 'add') throw fieldError('secret', secretRequired[locale]);
        Object.assign(values, sealed);
      },
      beforeRemove: (rows, info) =>
        refuseUsedParties(
          info.tx,
          rows.map((r) => Number(r.id)),
          localeOf(info.request),
        ),
    });
  }
}
