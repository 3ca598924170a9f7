/**
 * What the wallet app's backend calls when its users act: register, send KYC documents, add a pay
 * account. The mobile wallet is a separate product with its own login; this console only needs its
 * server-side effects, so the app's calls are these services (not a second HTTP API to sign and
 * secure). The demo (demo/wallet-day.ts) and the tests drive the wallet through them, so every wallet
 * member on the console's pages exists because this code path created it.
 */
import { createHash } from 'node:crypto';
import { ErrorCode } from '@payops/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { ensureAccount, type Tx } from '../../platform/ledger/index.ts';
import type { PAY_TYPES } from '../mch/passage.schema.ts';
import { type WalletMember, walletMembers, walletPayAccounts } from './wallet.schema.ts';
import { walletFixedCodes, walletImReplies } from './wallet-config.schema.ts';

export interface Registration {
  account: string;
  phone: string;
  realName?: string;
  idNumber?: string;
  language?: 'zh-CN' | 'en-US';
}

/** A new wallet member with its (empty) USDT ledger account (the wallet's coin); the same account again is a 409. */
export async function registerWalletMember(ctx: AppContext, tx: Tx, r: Registration): Promise<WalletMember> {
  const now = ctx.clock.now();
  const [row] = await tx
    .insert(walletMembers)
    .values({
      account: r.account,
      phone: r.phone,
      realName: r.realName ?? '',
      idNumber: r.idNumber ?? '',
      language: r.language ?? 'zh-CN',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(ErrorCode.conflict, { field: 'account' });
  await ensureAccount(tx, {
    ownerType: 'wallet_member',
    ownerId: row.id,
    ownerCode: row.account,
    currency: 'USDT',
  });
  return row;
}

/**
 * KYC: the app sends the documents (pending), the identity check answers (verified or rejected). The
 * sandbox check accepts an 18-character ID number; a real one would be a provider adapter.
 */
export async function submitKyc(
  ctx: AppContext,
  tx: Tx,
  memberId: number,
  realName: string,
  idNumber: string,
) {
  const verified = /^\d{17}[\dX]$/.test(idNumber);
  const [row] = await tx
    .update(walletMembers)
    .set({ realName, idNumber, kycState: verified ? 'verified' : 'rejected', updatedAt: ctx.clock.now() })
    .where(eq(walletMembers.id, memberId))
    .returning();
  if (!row) throw new AppError(ErrorCode.notFound);
  return row;
}

export interface PayAccountInput {
  payType: (typeof PAY_TYPES)[number];
  accountNo: string;
  holderName: string;
  bankName?: string;
}

export async function addPayAccount(ctx: AppContext, tx: Tx, member: WalletMember, p: PayAccountInput) {
  if (member.status !== 'normal') throw new AppError(ErrorCode.conflict, { field: 'status' });
  const [row] = await tx
    .insert(walletPayAccounts)
    .values({
      walletMemberId: member.id,
      memberAccount: member.account,
      payType: p.payType,
      accountNo: p.accountNo,
      holderName: p.holderName,
      bankName: p.bankName ?? '',
      createdAt: ctx.clock.now(),
    })
    .returning();
  return row!;
}

/** A fixed payment code the member shows to payers: its payload (what the QR encodes) and SHA-256. */
export async function addFixedCode(
  ctx: AppContext,
  tx: Tx,
  member: WalletMember,
  payType: (typeof PAY_TYPES)[number],
  payload: string,
) {
  if (member.status !== 'normal') throw new AppError(ErrorCode.conflict, { field: 'status' });
  const [row] = await tx
    .insert(walletFixedCodes)
    .values({
      walletMemberId: member.id,
      memberAccount: member.account,
      payType,
      payload,
      payloadHash: createHash('sha256').update(payload).digest('hex'),
      createdAt: ctx.clock.now(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(ErrorCode.conflict, { field: 'payload' });
  return row;
}

/** The chat's quick replies for a side in the member's language, in order (switched-off ones left out). */
export async function quickReplies(
  db: AppContext['db'] | Tx,
  side: 'buy' | 'sell',
  language: 'zh-CN' | 'en-US',
) {
  const rows = await db
    .select({ content: walletImReplies.content })
    .from(walletImReplies)
    .where(
      and(
        eq(walletImReplies.side, side),
        eq(walletImReplies.language, language),
        eq(walletImReplies.status, 'on'),
      ),
    )
    .orderBy(asc(walletImReplies.sortOrder), asc(walletImReplies.id));
  return rows.map((r) => r.content);
}
