/**
 * The ledger postings of orders, one business event each (ledger_entries' unique key on ref + event):
 * a deposit's credit (`deposit`) and its refund (`refund`), a withdrawal's settlement of the frozen
 * amount + fee (`settle`) or its release (`release`). The contra legs go to the order's shard of the
 * settlement account (the outside world) and of the fee income account.
 */
import type { LedgerKind, Locale } from '@payops/contracts';
import { fieldIn } from '../../platform/errors.ts';
import {
  accountIdOf,
  dec,
  decString,
  type EntryInput,
  type Executor,
  isZero,
  LedgerError,
  type LegInput,
  ledgerAppError,
  platformAccountId,
  postEntry,
  type Tx,
} from '../../platform/ledger/index.ts';
import type { DepositOrder, WithdrawOrder } from './schema.ts';

type Order = Pick<
  DepositOrder | WithdrawOrder,
  'merchantId' | 'mchNo' | 'orderNo' | 'amount' | 'fee' | 'currency'
>;

/** Each order table's reference type (the USDT orders' too: they post the same events). */
const REF = {
  deposit: 'deposit_order',
  withdraw: 'withdraw_order',
  usdtDeposit: 'usdt_deposit_order',
  usdtWithdraw: 'usdt_withdraw_order',
} as const;
type DepositFamily = 'deposit' | 'usdtDeposit';
type WithdrawFamily = 'withdraw' | 'usdtWithdraw';

const text = {
  refundShort: {
    'zh-CN': '商户可用余额不足，无法退款',
    'en-US': "cannot be refunded: the merchant's available balance is short",
  },
} as const;

/** The merchant's account id (kept once known: accountIdOf). */
function merchantAccount(exec: Executor, o: Order) {
  return accountIdOf(exec, {
    ownerType: 'merchant',
    ownerId: o.merchantId,
    ownerCode: o.mchNo,
    merchantId: o.merchantId,
  });
}

/** The contra legs: the order's settlement shard, and its fee-income shard when there is a fee. */
async function contraLegs(
  exec: Executor,
  o: Order,
  ref: string,
  settlement: string,
  fee: string,
): Promise<LegInput[]> {
  const legs: LegInput[] = [
    { accountId: await platformAccountId(exec, 'settlement', o.currency, ref), amount: settlement },
  ];
  if (!isZero(dec(fee)))
    legs.push({ accountId: await platformAccountId(exec, 'fees', o.currency, ref), amount: fee });
  return legs;
}

export interface PostOptions {
  operatorId: number | null;
  at: Date;
  locale: Locale;
  note?: string;
  /** The entry's id, drawn beforehand (postEntry's `id`). */
  entryId?: number;
}

/**
 * An order's journal entry (its accounts found, its amounts from the order), and how a refusal is
 * told: on `field`, with `short` when the balance is short. Posted in a transaction (postOrderEntry)
 * or by a transition's one statement (order-hooks.ts postingEffect's `prepare`).
 */
export interface OrderEntry {
  entry: EntryInput;
  field: string;
  short?: Record<Locale, string>;
}

/** What makes an order's entry: each posting below. */
export type OrderEntryMaker<O extends Order = Order> = (
  exec: Executor,
  o: O,
  opts: PostOptions,
) => Promise<OrderEntry>;

function orderEntry(
  family: keyof typeof REF,
  o: Order,
  kind: LedgerKind,
  event: string,
  legs: LegInput[],
  opts: PostOptions,
  field = 'amount',
  short?: Record<Locale, string>,
): OrderEntry {
  const entry: EntryInput = {
    kind,
    event,
    refType: REF[family],
    refId: o.orderNo,
    operatorId: opts.operatorId,
    note: opts.note ?? '',
    at: opts.at,
    ...(opts.entryId ? { id: opts.entryId } : {}),
    legs,
  };
  return { entry, field, ...(short ? { short } : {}) };
}

/** Posts an order's entry in the caller's transaction; a refusal as the operator's error. */
export async function postOrderEntry(tx: Tx, made: OrderEntry, locale: Locale): Promise<number> {
  try {
    return (await postEntry(tx, made.entry)).entryId;
  } catch (e) {
    if (e instanceof LedgerError) {
      if (e.reason === 'insufficient' && made.short) throw fieldIn(made.field, made.short, locale);
      throw ledgerAppError(e, locale, made.field);
    }
    throw e;
  }
}

/** An entry maker as a posting in the caller's transaction (the journal entry's id). */
const posting =
  <F extends string>(
    make: (exec: Executor, o: Order, opts: PostOptions, family?: F) => Promise<OrderEntry>,
  ) =>
  async (tx: Tx, o: Order, opts: PostOptions, family?: F): Promise<number> =>
    postOrderEntry(tx, await make(tx, o, opts, family), opts.locale);

/** A deposit's success: the merchant gets amount - fee, the fee account the fee, settlement -amount. */
export async function depositCredit(
  exec: Executor,
  o: Order,
  opts: PostOptions,
  family: DepositFamily = 'deposit',
): Promise<OrderEntry> {
  const ref = `${REF[family]}:${o.orderNo}`;
  const net = decString(dec(o.amount).minus(dec(o.fee)));
  const legs = [
    { accountId: await merchantAccount(exec, o), amount: net },
    ...(await contraLegs(exec, o, ref, `-${o.amount}`, o.fee)),
  ];
  return orderEntry(family, o, 'deposit', 'deposit', legs, opts);
}

/** A refund reverses the credit; refused (on `id`) when the merchant's available balance is short. */
export async function depositRefund(exec: Executor, o: Order, opts: PostOptions): Promise<OrderEntry> {
  const ref = `${REF.deposit}:${o.orderNo}`;
  const net = decString(dec(o.amount).minus(dec(o.fee)));
  const legs = [
    { accountId: await merchantAccount(exec, o), amount: `-${net}` },
    ...(await contraLegs(exec, o, ref, o.amount, isZero(dec(o.fee)) ? '0' : `-${o.fee}`)),
  ];
  return orderEntry('deposit', o, 'refund', 'refund', legs, opts, 'id', text.refundShort);
}

const held = (o: Order) => decString(dec(o.amount).plus(dec(o.fee)));

/** A withdrawal paid out: the frozen amount + fee leaves; settlement gets the amount, fees the fee. */
export async function withdrawalSettlement(
  exec: Executor,
  o: Order,
  opts: PostOptions,
  family: WithdrawFamily = 'withdraw',
): Promise<OrderEntry> {
  const ref = `${REF[family]}:${o.orderNo}`;
  const legs = [
    { accountId: await merchantAccount(exec, o), frozenAmount: `-${held(o)}` },
    ...(await contraLegs(exec, o, ref, o.amount, o.fee)),
  ];
  return orderEntry(family, o, 'withdraw', 'settle', legs, opts);
}

/** A withdrawal rejected or failed: the frozen amount + fee returns to the available balance. */
export async function withdrawalRelease(
  exec: Executor,
  o: Order,
  opts: PostOptions,
  family: WithdrawFamily = 'withdraw',
): Promise<OrderEntry> {
  const h = held(o);
  const legs = [{ accountId: await merchantAccount(exec, o), amount: h, frozenAmount: `-${h}` }];
  return orderEntry(family, o, 'unfreeze', 'release', legs, opts);
}

export const creditDeposit = posting(depositCredit);
export const refundDeposit = posting(depositRefund);
export const settleWithdrawal = posting(withdrawalSettlement);
export const releaseWithdrawal = posting(withdrawalRelease);
