/**
 * A member's payment accounts (member/memberPaymentList) as the money flows meet them: a withdrawal
 * names the account it pays to. An account the member already has that an operator disabled or
 * blacklisted is refused (nothing is written); one the member does not have yet is recorded, so the
 * page lists the accounts members really use and its switches have something to act on; a withdrawal
 * approved before its account was blacklisted is held at payout (blacklistedAccount). Accounts of
 * someone the merchant has not registered as a member are not recorded (no member to hold them).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../platform/ledger/index.ts';
import type { PAY_TYPES } from '../mch/passage.schema.ts';
import { memberPaymentAccounts, members } from './schema.ts';

export interface PaymentAccountUse {
  merchantId: number;
  memberAccount: string | undefined;
  payType: (typeof PAY_TYPES)[number];
  accountNo: string;
  holderName: string;
  bankName: string;
  at: Date;
}

/** 'refused' when the member's account is disabled or blacklisted; else records it when new. */
export async function usePaymentAccount(tx: Tx, use: PaymentAccountUse): Promise<'ok' | 'refused'> {
  const account = use.memberAccount;
  if (!account) return 'ok';
  const known = await refusedOf(tx, use, account);
  if (known !== null) return known ? 'refused' : 'ok';
  const [member] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.merchantId, use.merchantId), eq(members.account, account)));
  if (!member) return 'ok';
  // Two first withdrawals to one new account at once would both record it: the second waits here
  // for the first's commit and then finds the account (as the first left it).
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('payment-account'), hashtext(${`${use.merchantId}:${account}:${use.payType}:${use.accountNo}`}))`,
  );
  const raced = await refusedOf(tx, use, account);
  if (raced !== null) return raced ? 'refused' : 'ok';
  await tx.insert(memberPaymentAccounts).values({
    memberId: member.id,
    merchantId: use.merchantId,
    memberAccount: account,
    payType: use.payType,
    accountNo: use.accountNo,
    holderName: use.holderName,
    bankName: use.bankName,
    createdAt: use.at,
    updatedAt: use.at,
  });
  return 'ok';
}

/** A member's account `accountNo` of the pay type: which account a withdrawal names. */
type AccountKey = Pick<PaymentAccountUse, 'merchantId' | 'payType' | 'accountNo'> & { memberAccount: string };

const sameAccount = (k: AccountKey) => {
  const a = memberPaymentAccounts;
  return and(
    eq(a.merchantId, k.merchantId),
    eq(a.memberAccount, k.memberAccount),
    eq(a.payType, k.payType),
    eq(a.accountNo, k.accountNo),
  );
};

/**
 * The id of the member's blacklisted account `accountNo` of the pay type, if it is one: the payout
 * job holds a withdrawal approved before the account was blacklisted (risk/hooks.ts payoutBlocked).
 */
export async function blacklistedAccount(db: Executor, k: AccountKey): Promise<number | null> {
  if (!k.memberAccount) return null;
  const a = memberPaymentAccounts;
  const [row] = await db
    .select({ id: a.id })
    .from(a)
    .where(and(sameAccount(k), eq(a.blacklisted, true)))
    .limit(1);
  return row?.id ?? null;
}

/** Whether the member's account is refused (disabled or blacklisted); null: the member has no such account. */
async function refusedOf(tx: Tx, use: PaymentAccountUse, account: string): Promise<boolean | null> {
  const a = memberPaymentAccounts;
  const [known] = await tx
    .select({ refused: sql<boolean | null>`bool_or(NOT ${a.enabled} OR ${a.blacklisted})` })
    .from(a)
    .where(sameAccount({ ...use, memberAccount: account }));
  return known?.refused ?? null;
}
