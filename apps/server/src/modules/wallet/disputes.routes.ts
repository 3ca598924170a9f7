/**
 * wallet/disputeOrderPage: the cases (rulings are lifecycle transitions, dispute-hooks.ts), their
 * evidence and the order's payee (the detail's child lists), and the claim: an operator takes an open
 * case on themself (one guarded UPDATE: a case claimed by someone else is a 409; audited in the same
 * transaction).
 */
import { disputeEvidence, disputeOrderPage, disputePayee } from '@payops/contracts';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerCrud } from '../../platform/crud/index.ts';
import { AppError, localeOf } from '../../platform/errors.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { idBody, rowAction } from '../mch/row-action.ts';
import { walletDisputeEvidence, walletDisputes } from './dispute.schema.ts';
import { disputeAssignRoutes } from './dispute-assign.ts';
import { disputeHooks } from './dispute-hooks.ts';
import { walletPayAccounts } from './wallet.schema.ts';
import { walletFixedCodes } from './wallet-config.schema.ts';
import { walletOrderPayees } from './wallet-payee.schema.ts';

const payee = walletOrderPayees;
const account = (column: typeof walletPayAccounts.holderName | typeof walletPayAccounts.bankName) =>
  sql`(SELECT ${column} FROM ${walletPayAccounts} WHERE ${walletPayAccounts.id} = ${payee.payAccountId})`;
/** The payee account's holder and bank, and whether its code is still on, in the page's statement. */
const payeeColumns = {
  holderName: account(walletPayAccounts.holderName),
  bankName: account(walletPayAccounts.bankName),
  // No code fixed: null (shown as none), not "off".
  codeOn: sql`(SELECT ${walletFixedCodes.status} = 'on' FROM ${walletFixedCodes}
    WHERE ${walletFixedCodes.id} = ${payee.fixedCodeId})`,
};

const text = {
  taken: {
    'zh-CN': '已被其他客服认领或已裁决',
    'en-US': 'is claimed by another operator or already resolved',
  },
} as const;

export async function walletDisputeRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  registerCrud(fastify, disputeOrderPage, { table: walletDisputes });
  registerCrud(fastify, disputeEvidence, { table: walletDisputeEvidence });
  registerCrud(fastify, disputePayee, { table: walletOrderPayees, computed: payeeColumns });
  registerTransitions(fastify, disputeOrderPage, { table: walletDisputes, hooks: disputeHooks(ctx) });
  rowAction(fastify, disputeOrderPage, {
    name: 'claim',
    summary: 'Claim an open dispute (the caller becomes its operator)',
    body: idBody,
    response: z.object({ claimedBy: z.number() }),
    run: async (request, b, tx) => {
      const me = request.auth!.operatorId;
      const [row] = await tx
        .update(walletDisputes)
        .set({ claimedBy: me, updatedAt: ctx.clock.now() })
        .where(
          and(
            eq(walletDisputes.id, b.id),
            ne(walletDisputes.status, 'resolved'),
            or(isNull(walletDisputes.claimedBy), eq(walletDisputes.claimedBy, me)),
          ),
        )
        .returning({ id: walletDisputes.id });
      if (!row)
        throw new AppError(409, { fields: [{ field: 'id', message: text.taken[localeOf(request)] }] });
      return { data: { claimedBy: me }, audit: { after: { claimedBy: me } } };
    },
  });
  disputeAssignRoutes(fastify);
}
