/**
 * The sandbox merchant's traders: members of the sandbox merchant (accounts sbx-buyer-NN and
 * sbx-seller-NN), made once like the demo's members, and a faucet that tops the sellers' coin
 * accounts up from the platform's `sandbox` contra account. Their ledger accounts carry the sandbox
 * merchant's id, so every balance the simulator moves is the sandbox's, never a real merchant's.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import {
  dec,
  decString,
  type Executor,
  ensureAccount,
  platformAccount,
  postEntry,
  type Tx,
} from '../../platform/ledger/index.ts';
import type { Merchant } from '../mch/merchant.service.ts';
import { members } from '../member/schema.ts';
import type { TraderSide } from './sandbox.schema.ts';

export const SANDBOX_COIN = 'USDT';
/** Traders per side: enough for several open orders at once under a rule's max-open limit. */
export const TRADERS_PER_SIDE = 6;
/** A seller below the floor is topped up to the target before it sells. */
const FAUCET_FLOOR = '2000';
const FAUCET_TARGET = '20000';

export interface SandboxTrader {
  ownerType: 'member';
  ownerId: number;
  code: string;
  merchantId: number;
}

const accountOf = (side: TraderSide, i: number) =>
  `sbx-${side === 'buy' ? 'buyer' : 'seller'}-${String(i + 1).padStart(2, '0')}`;

/** The sandbox's traders of one side (made on first use). */
export async function sandboxTraders(db: Executor, m: Merchant, side: TraderSide): Promise<SandboxTrader[]> {
  const accounts = Array.from({ length: TRADERS_PER_SIDE }, (_, i) => accountOf(side, i));
  await db
    .insert(members)
    .values(accounts.map((account) => ({ merchantId: m.id, mchNo: m.mchNo, account, realName: account })))
    .onConflictDoNothing();
  const rows = await db
    .select({ id: members.id, account: members.account })
    .from(members)
    .where(and(eq(members.merchantId, m.id), inArray(members.account, accounts)))
    .orderBy(members.id);
  return rows.map((r) => ({ ownerType: 'member', ownerId: r.id, code: r.account, merchantId: m.id }));
}

/** Whether a member (by id) is one of the sandbox merchant's. */
export async function isSandboxMember(db: Executor, memberId: number): Promise<boolean> {
  const { rows } = await db.execute<{ ok: boolean }>(
    sql`SELECT EXISTS (SELECT 1 FROM members m JOIN sandbox_merchants s ON s.merchant_id = m.merchant_id
        WHERE m.id = ${memberId}) AS ok`,
  );
  return Boolean(rows[0]?.ok);
}

/** Tops a seller's coins up to the target when below the floor; answers the amount given (or '0'). */
export async function faucet(ctx: AppContext, tx: Tx, t: SandboxTrader): Promise<string> {
  const own = await ensureAccount(tx, {
    ownerType: 'member',
    ownerId: t.ownerId,
    ownerCode: t.code,
    merchantId: t.merchantId,
    currency: SANDBOX_COIN,
  });
  if (dec(own.available).gte(dec(FAUCET_FLOOR))) return '0';
  const give = decString(dec(FAUCET_TARGET).minus(dec(own.available)));
  const ref = `${t.code}:${ctx.clock.nowMs()}`;
  const contra = await platformAccount(tx, 'sandbox', SANDBOX_COIN, `sandbox_faucet:${ref}`);
  await postEntry(tx, {
    kind: 'sandbox_faucet',
    refType: 'sandbox_faucet',
    refId: ref,
    operatorId: null,
    note: 'simulator: coins for a sandbox seller',
    at: ctx.clock.now(),
    legs: [
      { accountId: own.id, amount: give },
      { accountId: contra.id, amount: `-${give}` },
    ],
  });
  return give;
}
