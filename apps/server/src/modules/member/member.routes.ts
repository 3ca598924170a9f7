/**
 * The /member pages: members (freeze, unfreeze, credit points), rebate orders on deposits and on
 * withdrawals, members' money and credit-point records (ledger views), and cashier payment accounts.
 */
import {
  financialRecordPage,
  id4,
  matchRecordPage,
  memberList,
  memberPaymentList,
  payFundOrderPage,
  transFundOrderPage,
} from '@payops/contracts';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { type Row, registerCrud } from '../../platform/crud/index.ts';
import { localeOf } from '../../platform/errors.ts';
import { withIdempotency } from '../../platform/idempotency.ts';
import { ledgerPostings, POINTS_CURRENCY } from '../../platform/ledger/index.ts';
import { idBody, rowAction } from '../mch/row-action.ts';
import { merchants } from '../mch/schema.ts';
import { adjustPoints, enrichMembers, setMemberStatus, setPaymentAccountFlag } from './member.service.ts';
import { memberPaymentAccounts, memberRebateOrders, members } from './schema.ts';

const pointsBody = z.strictObject({
  id: id4(),
  points: z
    .string()
    .trim()
    .regex(/^-?[1-9]\d{0,8}$/),
  reason: z.string().trim().min(2).max(200),
});

export async function memberRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  const { db } = ctx;

  registerCrud(fastify, memberList, { table: members, enrich: (rows) => enrichMembers(ctx, rows) });
  rowAction(fastify, memberList, 'freeze', 'Freeze a member', idBody, async (_r, b) => {
    const m = await setMemberStatus(ctx, b.id, 'normal', 'frozen');
    return {
      data: null,
      audit: { objectType: 'member', objectId: m.account, before: 'normal', after: 'frozen' },
    };
  });
  rowAction(fastify, memberList, 'unfreeze', 'Unfreeze a member', idBody, async (_r, b) => {
    const m = await setMemberStatus(ctx, b.id, 'frozen', 'normal');
    return {
      data: null,
      audit: { objectType: 'member', objectId: m.account, before: 'frozen', after: 'normal' },
    };
  });
  rowAction(
    fastify,
    memberList,
    'adjustPoints',
    'Add or take credit points, with a reason (Idempotency-Key accepted)',
    pointsBody,
    async (request, b) => {
      const { data } = await withIdempotency(db, request, (tx) =>
        adjustPoints(ctx, tx, b, request.auth!.operatorId, localeOf(request)),
      );
      return {
        data: { creditPoints: data.after },
        audit: {
          objectType: 'member',
          objectId: data.account,
          before: { creditPoints: data.before },
          after: { creditPoints: data.after },
          extra: { points: b.points, reason: b.reason },
        },
      };
    },
    z.object({ creditPoints: z.string() }),
  );

  registerCrud(fastify, payFundOrderPage, { table: memberRebateOrders, scope: { direction: 'deposit' } });
  registerCrud(fastify, transFundOrderPage, { table: memberRebateOrders, scope: { direction: 'withdraw' } });

  // The merchant number of each posting's member, for the record pages.
  async function withMchNo(rows: Row[]): Promise<Row[]> {
    const full = await db
      .select({ id: ledgerPostings.id, merchantId: ledgerPostings.merchantId })
      .from(ledgerPostings)
      .where(
        inArray(
          ledgerPostings.id,
          rows.map((r) => Number(r.id)),
        ),
      );
    const mIds = [...new Set(full.map((f) => f.merchantId).filter((v): v is number => v !== null))];
    const ms = mIds.length
      ? await db
          .select({ id: merchants.id, mchNo: merchants.mchNo })
          .from(merchants)
          .where(inArray(merchants.id, mIds))
      : [];
    const mchNo = new Map(ms.map((m) => [m.id, m.mchNo]));
    const byPosting = new Map(
      full.map((f) => [f.id, f.merchantId === null ? '' : (mchNo.get(f.merchantId) ?? '')]),
    );
    return rows.map((r) => ({ ...r, mchNo: byPosting.get(Number(r.id)) ?? '' }));
  }
  registerCrud(fastify, financialRecordPage, {
    table: ledgerPostings,
    scope: { ownerType: 'member', currency: 'CNY' },
    enrich: withMchNo,
  });
  registerCrud(fastify, matchRecordPage, {
    table: ledgerPostings,
    scope: { ownerType: 'member', currency: POINTS_CURRENCY },
    enrich: withMchNo,
  });

  registerCrud(fastify, memberPaymentList, { table: memberPaymentAccounts });
  const flag = (name: string, field: 'enabled' | 'blacklisted', value: boolean, summary: string) =>
    rowAction(fastify, memberPaymentList, name, summary, idBody, async (_r, b) => {
      const [row] = await setPaymentAccountFlag(db, [b.id], field, value, ctx.clock.now());
      return {
        data: null,
        audit: { objectType: 'memberPayment', objectId: row!.id, after: { [field]: value } },
      };
    });
  flag('enable', 'enabled', true, 'Enable a payment account');
  flag('disable', 'enabled', false, 'Disable a payment account');
  flag('blacklist', 'blacklisted', true, 'Blacklist a payment account (the cashier refuses it)');
  flag('unblacklist', 'blacklisted', false, 'Remove a payment account from the black list');
}
