/**
 * Interface types, each third party's interface config, agent-pay (payout) configs and the bank list:
 * the registrar with the checks of checks.ts. An interface type still named by a third party or an
 * interface config cannot be removed; an agent-pay config's change judges the kept balances again.
 */
import { interfaceType, thirdAgentPay, thirdBank, thirdInterface } from '@payops/contracts';
import { count, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../platform/crud/index.ts';
import { localeOf } from '../../platform/errors.ts';
import { thirdParties } from '../mch/passage.schema.ts';
import { forgetEndpoints } from '../upstream/endpoints.ts';
import { releaseHeldPayouts } from '../upstream/payout.ts';
import { rejudgeBalances } from './balances.ts';
import {
  checkInterfaceType,
  checkIpList,
  checkOrder,
  checkProviderUrl,
  checkThirdCodes,
  checkThirdParty,
  refuseInUse,
} from './checks.ts';
import { limitLabels } from './passage.routes.ts';
import { interfaceTypes, thirdAgentPays, thirdBanks, thirdInterfaces } from './schema.ts';
import { checkStatementMapping } from './statement-mapping.ts';

const TYPE_USERS = {
  parties: ['个三方', 'third parties'],
  interfaces: ['个接口配置', 'interface configs'],
} as const;

export async function configRoutes(fastify: FastifyInstance) {
  registerCrud(fastify, interfaceType, {
    table: interfaceTypes,
    beforeWrite: (values, info) => checkStatementMapping(values, info.before, localeOf(info.request)),
    beforeRemove: async (rows, { tx, request }) => {
      const codes = rows.map((r) => String(r.code));
      const [parties] = await tx
        .select({ n: count() })
        .from(thirdParties)
        .where(inArray(thirdParties.interfaceType, codes));
      const [configs] = await tx
        .select({ n: count() })
        .from(thirdInterfaces)
        .where(inArray(thirdInterfaces.interfaceType, codes));
      refuseInUse({ parties: parties?.n ?? 0, interfaces: configs?.n ?? 0 }, TYPE_USERS, localeOf(request));
    },
  });

  registerCrud(fastify, thirdInterface, {
    table: thirdInterfaces,
    beforeWrite: async (values, info) => {
      const locale = localeOf(info.request);
      if (info.mode === 'add') await checkThirdParty(info.tx, values.thirdPartyId, locale);
      await checkInterfaceType(info.tx, values.interfaceType, locale);
      checkIpList(values, 'callbackIps', locale);
      for (const field of ['createUrl', 'queryUrl', 'payoutUrl'])
        checkProviderUrl(info.request.server.ctx, values, info.before, field, locale);
    },
    // Its URLs are what the adapters call next (upstream/endpoints.ts).
    afterChange: ({ request }) => forgetEndpoints(request.server.ctx),
  });

  registerCrud(fastify, thirdAgentPay, {
    table: thirdAgentPays,
    beforeWrite: async (values, info) => {
      const locale = localeOf(info.request);
      if (info.mode === 'add') await checkThirdParty(info.tx, values.thirdPartyId, locale, 'withdraw');
      checkOrder(values, info.before, 'singleMin', 'singleMax', limitLabels[locale], locale);
    },
    // A changed alert line (or a config switched, added, removed) judges the kept balances again,
    // and the withdrawals held for a manual payout go back to the payout job, which holds again only
    // those that still need an operator.
    afterChange: async ({ rows, request }) => {
      const ctx = request.server.ctx;
      await rejudgeBalances(
        ctx,
        rows.map((r) => Number(r.thirdPartyId)),
      );
      await releaseHeldPayouts(ctx);
    },
  });

  registerCrud(fastify, thirdBank, {
    table: thirdBanks,
    beforeWrite: async (values, info) => {
      if ('thirdCodes' in values)
        values.thirdCodes = await checkThirdCodes(info.tx, values.thirdCodes, localeOf(info.request));
    },
  });
}
