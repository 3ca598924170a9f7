/**
 * The /member pages: members (freeze and unfreeze are their lifecycle's transitions; credit points
 * with an Idempotency-Key, audited in the same transaction), rebate orders on deposits and on
 * withdrawals, members' money records (a ledger view; their matches: modules/match), and cashier payment accounts.
 */
import {
  currencyAmountSchema,
  financialRecordPage,
  id4,
  memberList,
  memberPaymentList,
  payFundOrderPage,
  transFundOrderPage,
} from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerCrud } from '../../platform/crud/index.ts';
import { localeOf } from '../../platform/errors.ts';
import { ledgerPostings, POINTS_CURRENCY } from '../../platform/ledger/index.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { idBody, rowAction } from '../mch/row-action.ts';
import { adjustPoints, memberBalances, setPaymentAccountFlag } from './member.service.ts';
import { memberPaymentAccounts, memberRebateOrders, members } from './schema.ts';

const pointsBody = z.strictObject({
  id: id4(),
  // Whole points, signed, by the contracts' amount rule for PTS.
  points: currencyAmountSchema(POINTS_CURRENCY, 'nonZero'),
  reason: z.string().trim().min(2).max(200),
});

export async function memberRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;

  registerCrud(fastify, memberList, { table: members, computed: memberBalances });
  registerTransitions(fastify, memberList, { table: members });
  rowAction(fastify, memberList, {
    name: 'adjustPoints',
    summary: 'Add or take credit points, with a reason (Idempotency-Key required)',
    body: pointsBody,
    response: z.object({ creditPoints: z.string() }),
    idempotent: true,
    run: async (request, b, tx) => {
      const data = await adjustPoints(ctx, tx, b, request.auth!.operatorId, localeOf(request));
      return {
        data: { creditPoints: data.after },
        audit: {
          before: { creditPoints: data.before },
          after: { creditPoints: data.after },
          extra: { account: data.account, points: b.points, reason: b.reason },
        },
      };
    },
  });

  registerCrud(fastify, payFundOrderPage, { table: memberRebateOrders });
  registerCrud(fastify, transFundOrderPage, { table: memberRebateOrders });

  // Money (CNY) and credit points (PTS): member/matchRecordPage, which showed the points, now shows
  // the member's matches (modules/match).
  registerCrud(fastify, financialRecordPage, { table: ledgerPostings });

  registerCrud(fastify, memberPaymentList, { table: memberPaymentAccounts });
  const flag = (name: string, field: 'enabled' | 'blacklisted', value: boolean, summary: string) =>
    rowAction(fastify, memberPaymentList, {
      name,
      summary,
      body: idBody,
      response: z.null(),
      run: async (_r, b, tx) => {
        await setPaymentAccountFlag(tx, [b.id], field, value, ctx.clock.now());
        return { data: null, audit: { after: { [field]: value } } };
      },
    });
  flag('enable', 'enabled', true, 'Enable a payment account');
  flag('disable', 'enabled', false, 'Disable a payment account');
  flag('blacklist', 'blacklisted', true, 'Blacklist a payment account (withdrawals to it are refused)');
  flag('unblacklist', 'blacklisted', false, 'Remove a payment account from the black list');
}
