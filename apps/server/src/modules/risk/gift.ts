/**
 * Gift risk: before a merchant grants promotional credit it asks `POST /openapi/v1/gift/claim`
 * (signed like every merchant call). The claim is refused when, within a config row's window, more
 * than `maxAccounts` distinct members (this one included) claimed sharing its IP, device, card or payer
 * name. Every decision, allowed or refused, is one gift_claims row (giftRiskLogPage), written in the
 * same transaction as the check, under a lock per merchant so parallel claims cannot both slip under.
 */
import {
  amountIssue,
  checkAmount,
  type GiftDimension,
  type Locale,
  localText,
  systemText,
} from '@payops/contracts';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { signedFields } from '../openapi/bodies.ts';
import { giftClaims, giftRiskConfig } from './risk-levels.schema.ts';

const text = (max: number) => z.string().trim().max(max);

/** The merchant's gift-claim request: the member, the gift and what the member claims from. */
export const giftClaimBody = z
  .strictObject({
    ...signedFields,
    memberAccount: text(64).min(1).describe("The member's account at the merchant"),
    amount: z.string().trim().max(64).describe('The gift, CNY, at most 2 decimals'),
    ip: text(45).min(1).describe("The member's IP address when claiming"),
    device: text(128).optional().describe("The member's device id"),
    card: text(32).optional().describe('The card the member pays from'),
    payerName: text(64).optional().describe("The payer's name"),
  })
  .superRefine((b, c) => {
    const problem = checkAmount(b.amount, 'CNY');
    if (problem)
      c.addIssue({ code: 'custom', path: ['amount'], message: amountIssue(problem), input: b.amount });
  });

export const giftClaimAnswer = z.object({
  id: z.number(),
  decision: z.enum(['allow', 'deny']),
  dimension: z.string().nullable(),
  reason: z.string(),
});

export interface GiftClaim {
  merchantId: number;
  mchNo: string;
  memberAccount: string;
  amount: string;
  ip: string;
  device?: string;
  card?: string;
  payerName?: string;
}

export interface GiftDecision {
  id: number;
  decision: 'allow' | 'deny';
  dimension: GiftDimension | null;
  reason: string;
}

const COLUMN = {
  ip: giftClaims.ip,
  device: giftClaims.device,
  card: giftClaims.card,
  payerName: giftClaims.payerName,
} as const;

export async function checkGiftClaim(
  ctx: AppContext,
  claim: GiftClaim,
  locale: Locale,
): Promise<GiftDecision> {
  const at = ctx.clock.now();
  const rules = await ctx.db.select().from(giftRiskConfig).where(eq(giftRiskConfig.enabled, true));
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('gift-claim'), ${claim.merchantId})`);
    let denied: { dimension: GiftDimension; reason: string } | null = null;
    for (const r of rules) {
      const value = claim[r.dimension] ?? '';
      if (!value) continue;
      const [row] = await tx
        .select({ n: sql<number>`count(DISTINCT ${giftClaims.memberAccount})::int` })
        .from(giftClaims)
        .where(
          and(
            eq(COLUMN[r.dimension], value),
            gt(giftClaims.createdAt, new Date(at.getTime() - r.windowHours * 3_600_000)),
            ne(giftClaims.memberAccount, claim.memberAccount),
            eq(giftClaims.decision, 'allow'),
          ),
        );
      const members = (row?.n ?? 0) + 1;
      if (members > r.maxAccounts) {
        denied = {
          dimension: r.dimension,
          reason: systemText(`giftShared.${r.dimension}`, `${members}/${r.maxAccounts}/${r.windowHours}`),
        };
        break;
      }
    }
    const [logged] = await tx
      .insert(giftClaims)
      .values({
        merchantId: claim.merchantId,
        mchNo: claim.mchNo,
        memberAccount: claim.memberAccount,
        amount: claim.amount,
        ip: claim.ip,
        device: claim.device ?? '',
        card: claim.card ?? '',
        payerName: claim.payerName ?? '',
        decision: denied ? 'deny' : 'allow',
        dimension: denied?.dimension ?? null,
        reason: denied?.reason ?? '',
        createdAt: at,
      })
      .returning({ id: giftClaims.id });
    return {
      id: logged!.id,
      decision: denied ? 'deny' : 'allow',
      dimension: denied?.dimension ?? null,
      reason: denied ? localText(denied.reason, locale) : '',
    };
  });
}
