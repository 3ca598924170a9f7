/**
 * The withdrawal list's `payOut` (立即出款 / Pay out now): an operator submits an approved withdrawal
 * to a payout passage at once, passages whose provider pays out by hand included (payout-configs.ts).
 * The payout itself is payout.ts's path, the job's: the `pay` transition with its own history and
 * audit rows, the upstream call outside any transaction, then the decision log. This action's audit
 * row names the operator and what became of it.
 */
import { ErrorCode, type Locale, orderTransferList } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, localeOf } from '../../platform/errors.ts';
import { actionNotice } from '../../platform/route-schemas.ts';
import { idBody, rowAction } from '../mch/row-action.ts';
import { withdrawOrders } from '../order/schema.ts';
import { type PayoutResult, payOut } from './payout.ts';

const RESULTS = ['paying', 'failed', 'skipped', 'held'] as const satisfies readonly PayoutResult[];

const text = {
  notApproved: {
    'zh-CN': '该提现已不是“审核通过”状态，无法出款',
    'en-US': 'this withdrawal is no longer approved: it cannot be paid out',
  },
  paying: { 'zh-CN': '已提交代付', 'en-US': 'Submitted to the payout provider' },
  failed: {
    'zh-CN': '没有通道接受该代付，订单已失败，冻结金额已退回',
    'en-US': 'No passage took the payout: the order failed and its frozen amount was returned',
  },
  skipped: {
    'zh-CN': '订单已被其他操作处理（风控扣留或状态已变）',
    'en-US': 'Another action got there first (a risk hold or a state change)',
  },
  held: { 'zh-CN': '仍需人工出款', 'en-US': 'Still awaits a manual payout' },
} as const;

const noticeOf = (result: PayoutResult, locale: Locale) => ({
  level: result === 'paying' ? ('success' as const) : ('warning' as const),
  text: text[result][locale],
});

export async function payoutRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  rowAction(fastify, orderTransferList, {
    name: 'payOut',
    summary: 'Submits an approved withdrawal to a payout passage now, manual-payout passages included',
    body: idBody,
    response: z.object({ result: z.enum(RESULTS), notice: actionNotice }),
    prepare: async (request) => {
      const { id } = request.body as z.infer<typeof idBody>;
      const [order] = await ctx.db.select().from(withdrawOrders).where(eq(withdrawOrders.id, id));
      if (!order) throw new AppError(ErrorCode.notFound);
      if (order.status !== 'approved')
        throw new AppError(ErrorCode.conflict, { message: text.notApproved[localeOf(request)] });
      return payOut(ctx, order, { manual: true });
    },
    run: async (request, _b, _tx, result) => ({
      data: { result, notice: noticeOf(result, localeOf(request)) },
      audit: { extra: { result } },
    }),
  });
}
