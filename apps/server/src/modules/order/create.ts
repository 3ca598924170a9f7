/**
 * Creating orders: the one place a deposit or withdrawal row is born, inside the caller's transaction
 * (the merchant API's, a reservation job's, a test's). The fee is fixed here from the merchant's rate
 * (a deposit's again when a passage takes it on which the merchant has its own rate, before any money
 * moves: upstream/placement.ts); a withdrawal freezes amount + fee in the same transaction, so a
 * merchant can never promise the same money twice. What happens next is the lifecycle's (contracts resources/order).
 */
import { randomInt } from 'node:crypto';
import type { OrderFamily } from '@payops/contracts';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { clientOf, type InsertGuard, insertRow, NamedStatement } from '../../db/named-statement.ts';
import { type Executor, ensureAccount, postEntry, type Tx } from '../../platform/ledger/index.ts';
import { Dec, dec, decString } from '../../platform/ledger/money.ts';
import { DEFAULT_ORDER_TIMEOUT_MINUTES } from '../../platform/settings.ts';
import { type FeeRate, merchants } from '../mch/schema.ts';
import type { OrderQuote } from './quote.ts';
import { type DepositOrder, depositOrders, type WithdrawOrder, withdrawOrders } from './schema.ts';

type Merchant = typeof merchants.$inferSelect;
type Direction = 'deposit' | 'withdraw';

/** The merchant's rate for a pay type and direction: a per-pay-type rate, else the direction's. */
export function merchantRate(
  m: Pick<Merchant, 'feeRates' | 'depositRate' | 'withdrawRate'>,
  payType: string,
  direction: Direction,
) {
  const own = (m.feeRates as FeeRate[]).find((r) => r.payType === payType && r.direction === direction);
  return own?.rate ?? (direction === 'deposit' ? m.depositRate : m.withdrawRate);
}

/** amount × rate, cut (not rounded) to the currency's 2 decimals: a fee is never more than the rate says. */
export function feeOf(amount: string, rate: string): string {
  return decString(dec(amount).times(Dec(rate)).round(2, Dec.roundDown));
}

/**
 * D/W + yyyyMMddHHmmssSSS (UTC) + 6 random digits: sortable by time, unguessable enough to quote.
 * The milliseconds matter: with 6 random digits per second, 200 orders in one second collided on the
 * unique order number about once in 50 seconds; per millisecond that is about once in 14 hours.
 */
export function newOrderNo(prefix: 'D' | 'W', now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:T.]/g, '')
    .slice(0, 17);
  return `${prefix}${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

/** The merchant read of every order creation, built once and prepared by name (issue 12: CPU per order). */
let merchantById: NamedStatement | undefined;

async function merchantOf(tx: Executor, merchantId: number): Promise<Merchant> {
  merchantById ??= new NamedStatement(
    'order_merchant_by_id',
    tx
      .select()
      .from(merchants)
      .where(eq(merchants.id, sql.placeholder('id'))),
    getTableColumns(merchants),
  );
  const [m] = (await merchantById.rows(clientOf(tx), { id: merchantId })) as Merchant[];
  if (!m) throw new Error(`merchant ${merchantId} not found`);
  return m;
}

/** What a deposit takes from its merchant (its number, rates, timeout, notify URL). */
export type DepositMerchant = Pick<
  Merchant,
  'id' | 'mchNo' | 'depositTimeout' | 'feeRates' | 'depositRate' | 'withdrawRate' | 'notifyUrl'
>;

export interface NewDeposit {
  merchantId: number;
  mchOrderNo: string;
  payType: DepositOrder['payType'];
  amount: string;
  memberAccount?: string;
  notifyUrl?: string;
  clientIp?: string;
  remark?: string;
  /** An OTC/ZHOTC order's quote (quote.ts); `amount` is then its CNY price. */
  quote?: OrderQuote;
  /** A matched (P2P) order is family 'match' (modules/match); a quote sets its own. */
  family?: OrderFamily;
  now: Date;
}

/**
 * A deposit in state `created`, its fee fixed and its expiry set from the merchant's deposit timeout
 * (minutes; `defaultTimeoutMinutes` when the merchant has none: the flows pass the platform's
 * orderTimeoutMinutes setting, the tests rely on its default of 30). A repeated merchant order number
 * answers the existing order (`created: false`), never a second one.
 */
export async function insertDepositOrder(
  tx: Executor,
  input: NewDeposit,
  defaultTimeoutMinutes = 30,
  /** The merchant's row when the caller has just read it (the merchant API's verification). */
  merchant?: DepositMerchant,
): Promise<{ order: DepositOrder; created: boolean }> {
  const m = merchant?.id === input.merchantId ? merchant : await merchantOf(tx, input.merchantId);
  const order = await insertRow<DepositOrder>(
    clientOf(tx),
    depositOrders,
    depositRow(input, defaultTimeoutMinutes, m),
    DEPOSIT_KEY,
  );
  if (order) return { order, created: true };
  const [existing] = await tx
    .select()
    .from(depositOrders)
    .where(and(eq(depositOrders.merchantId, m.id), eq(depositOrders.mchOrderNo, input.mchOrderNo)))
    .limit(1);
  return { order: existing!, created: false };
}

/**
 * insertDepositOrder as ONE statement outside a transaction, written only when `unless` answers no
 * row (risk/check.ts riskGuard): the order, or undefined when the guard answered a row or the
 * merchant order number is taken (the caller then takes insertDepositOrder's transaction, which
 * decides and answers). Prepared by name, as every insert of an order (insertRow).
 */
export async function insertDepositUnless(
  db: Executor,
  input: NewDeposit,
  defaultTimeoutMinutes: number,
  m: DepositMerchant,
  unless: { guard: InsertGuard; values: Record<string, unknown> },
): Promise<DepositOrder | undefined> {
  const row = depositRow(input, defaultTimeoutMinutes, m);
  return insertRow<DepositOrder>(
    clientOf(db),
    depositOrders,
    { ...row, ...unless.values },
    DEPOSIT_KEY,
    unless.guard,
  );
}

/** A merchant's order number names one deposit: a repeat answers the existing order. */
const DEPOSIT_KEY = [depositOrders.merchantId, depositOrders.mchOrderNo];

/** The columns of a new deposit (state `created`): its fee at the merchant's rate, its expiry. */
function depositRow(input: NewDeposit, defaultTimeoutMinutes: number, m: DepositMerchant) {
  const minutes = m.depositTimeout ?? defaultTimeoutMinutes;
  return {
    orderNo: newOrderNo('D', input.now),
    mchOrderNo: input.mchOrderNo,
    merchantId: m.id,
    mchNo: m.mchNo,
    memberAccount: input.memberAccount ?? '',
    payType: input.payType,
    amount: input.amount,
    ...(input.family ? { family: input.family } : {}),
    ...input.quote,
    fee: feeOf(input.amount, merchantRate(m, input.payType, 'deposit')),
    notifyUrl: input.notifyUrl ?? m.notifyUrl,
    clientIp: input.clientIp ?? '',
    remark: input.remark ?? '',
    expiresAt: new Date(input.now.getTime() + minutes * 60_000),
    createdAt: input.now,
    updatedAt: input.now,
  };
}

/**
 * Freezes a withdrawal's amount + fee on its merchant's account (the `freeze` event of `refType`, the
 * USDT withdrawals' too); a LedgerError `insufficient` when the available balance is short. Answers
 * the entry.
 */
export async function freezeWithdrawal(
  tx: Tx,
  m: Pick<Merchant, 'id' | 'mchNo'>,
  refType: string,
  order: { orderNo: string; amount: string; fee: string },
  operatorId: number | null,
  at: Date,
): Promise<number> {
  const account = await ensureAccount(tx, {
    ownerType: 'merchant',
    ownerId: m.id,
    ownerCode: m.mchNo,
    merchantId: m.id,
  });
  const held = decString(dec(order.amount).plus(dec(order.fee)));
  const { entryId } = await postEntry(tx, {
    kind: 'freeze',
    event: 'freeze',
    refType,
    refId: order.orderNo,
    operatorId,
    at,
    legs: [{ accountId: account.id, amount: `-${held}`, frozenAmount: held }],
  });
  return entryId;
}

export interface NewWithdrawal {
  merchantId: number;
  mchOrderNo: string;
  amount: string;
  bankCode: string;
  bankName: string;
  accountName: string;
  accountNo: string;
  memberAccount?: string;
  notifyUrl?: string;
  clientIp?: string;
  remark?: string;
  scheduledAt?: Date | null;
  operatorId?: number | null;
  quote?: OrderQuote;
  family?: OrderFamily;
  /** The platform's `orderTimeoutMinutes` as the caller read it: the withdrawal's timeout unless its merchant has one. */
  platformTimeoutMinutes?: number;
  now: Date;
}

/** When an open withdrawal times out (withdrawOrders.dueAt): its timeout after creation, or after its reserved time. */
export function withdrawalDueAt(now: Date, scheduledAt: Date | null, timeoutMinutes: number): Date {
  const from = scheduledAt && scheduledAt > now ? scheduledAt : now;
  return new Date(from.getTime() + timeoutMinutes * 60_000);
}

/**
 * A withdrawal in state `created` with amount + fee frozen on the merchant's account (a LedgerError
 * `insufficient` when the available balance is short: the caller's transaction then writes nothing).
 * A repeated merchant order number answers the existing order and freezes nothing.
 */
export async function insertWithdrawOrder(
  tx: Tx,
  input: NewWithdrawal,
): Promise<{ order: WithdrawOrder; created: boolean }> {
  const m = await merchantOf(tx, input.merchantId);
  const fee = feeOf(input.amount, merchantRate(m, 'bank_card', 'withdraw'));
  const [order] = await tx
    .insert(withdrawOrders)
    .values({
      orderNo: newOrderNo('W', input.now),
      mchOrderNo: input.mchOrderNo,
      merchantId: m.id,
      mchNo: m.mchNo,
      memberAccount: input.memberAccount ?? '',
      amount: input.amount,
      ...(input.family ? { family: input.family } : {}),
      ...input.quote,
      fee,
      bankCode: input.bankCode,
      bankName: input.bankName,
      accountName: input.accountName,
      accountNo: input.accountNo,
      scheduledAt: input.scheduledAt ?? null,
      dueAt: withdrawalDueAt(
        input.now,
        input.scheduledAt ?? null,
        m.withdrawTimeout ?? input.platformTimeoutMinutes ?? DEFAULT_ORDER_TIMEOUT_MINUTES,
      ),
      notifyUrl: input.notifyUrl ?? m.notifyUrl,
      clientIp: input.clientIp ?? '',
      remark: input.remark ?? '',
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing({ target: [withdrawOrders.merchantId, withdrawOrders.mchOrderNo] })
    .returning();
  if (!order) {
    const [existing] = await tx
      .select()
      .from(withdrawOrders)
      .where(and(eq(withdrawOrders.merchantId, m.id), eq(withdrawOrders.mchOrderNo, input.mchOrderNo)))
      .limit(1);
    return { order: existing!, created: false };
  }
  const entryId = await freezeWithdrawal(tx, m, 'withdraw_order', order, input.operatorId ?? null, input.now);
  const [frozen] = await tx
    .update(withdrawOrders)
    .set({ freezeEntryId: entryId })
    .where(eq(withdrawOrders.id, order.id))
    .returning();
  return { order: frozen!, created: true };
}
