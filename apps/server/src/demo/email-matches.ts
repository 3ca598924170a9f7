/**
 * The email step's own matched orders (after the match day configured the pool): two matched
 * withdrawals placed by the paying merchant THROUGH the merchant API and approved into the pool, a
 * matched deposit larger than either (so the engine splits it), and the payer's voucher for every
 * piece. Each piece then waits for its receiver (payer_paid): what a bank email confirms. Nothing
 * here when the pool is not configured (no match day).
 */
import { orderTransferList } from '@payops/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { members } from '../modules/member/schema.ts';
import { withdrawOrders } from '../modules/order/schema.ts';
import type { AppContext } from '../platform/context.ts';
import { open } from '../platform/secret-box.ts';
import { type Actor, runSystemTransition } from '../platform/transitions/index.ts';
import { type MerchantCredentials, merchantApiCall } from './orders-client.ts';
import { bankCard } from './people.ts';
import type { Random } from './random.ts';

const OPERATOR: Actor = { operatorId: 1, username: 'admin', locale: 'zh-CN' };

/** A 1x1 PNG: the voucher a payer's app uploads (the engine checks the type by its bytes). */
const VOUCHER =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** The pool group's merchants, the richer first (it pays the withdrawals), as the match day picks them. */
async function poolMerchants(ctx: AppContext) {
  const { rows } = await ctx.db.execute<{ id: number; mch_no: string; secret_enc: string }>(sql`
    SELECT m.id, m.mch_no, m.secret_enc
      FROM merchants m
      JOIN match_merchant_config c ON c.merchant_id = m.id
      LEFT JOIN ledger_accounts a ON a.owner_type = 'merchant' AND a.owner_id = m.id AND a.currency = 'CNY'
     WHERE m.status = 'enabled'
     ORDER BY coalesce(a.available, 0) DESC, m.id
     LIMIT 2`);
  return rows.map((m) => ({
    id: Number(m.id),
    creds: { mchNo: m.mch_no, secret: open(ctx.keys.secretKey, m.secret_enc) } as MerchantCredentials,
  }));
}

async function lastMember(ctx: AppContext, merchantId: number) {
  const [m] = await ctx.db
    .select({ account: members.account })
    .from(members)
    .where(and(eq(members.merchantId, merchantId), eq(members.status, 'normal')))
    .orderBy(asc(members.id))
    .offset(3)
    .limit(1);
  return m?.account;
}

/** The match numbers of the split deposit's pieces, all payer-paid (empty without a pool). */
export async function placePaidSplit(ctx: AppContext, origin: string, r: Random): Promise<string[]> {
  const [a, b] = await poolMerchants(ctx);
  if (!a || !b) return [];
  const [payee, payer] = [await lastMember(ctx, a.id), await lastMember(ctx, b.id)];
  if (!payee || !payer) return [];
  const stamp = Date.now().toString(36).toUpperCase();
  for (const [i, amount] of ['360', '280'].entries()) {
    const card = bankCard(r);
    const res = await merchantApiCall<{ orderNo: string }>(origin, a.creds, 'match/withdraw', {
      mchOrderNo: `EW${stamp}${i}`,
      amount,
      memberAccount: payee,
      bankName: card.bank,
      accountName: payee,
      accountNo: card.cardNo,
    });
    if (res.envelope.code !== 0) continue;
    const [w] = await ctx.db
      .select({ id: withdrawOrders.id, status: withdrawOrders.status })
      .from(withdrawOrders)
      .where(eq(withdrawOrders.orderNo, res.envelope.data.orderNo));
    if (w?.status === 'in_review')
      await runSystemTransition(ctx, orderTransferList, 'approve', w.id, { actor: OPERATOR });
  }
  const res = await merchantApiCall<{ pieces: { matchNo: string }[] }>(origin, b.creds, 'match/deposit', {
    mchOrderNo: `ED${stamp}`,
    amount: '520',
    memberAccount: payer,
  });
  if (res.envelope.code !== 0) return [];
  const pieces = res.envelope.data.pieces.map((p) => p.matchNo);
  for (const matchNo of pieces)
    await merchantApiCall(origin, b.creds, 'match/voucher', { matchNo, voucher: VOUCHER });
  return pieces;
}
