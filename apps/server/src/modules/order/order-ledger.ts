/**
 * The ledger postings of orders, one business event each (ledger_entries' unique key on ref + event):
 * a deposit's credit (`deposit`) and its refund (`refund`), a withdrawal's settlement of the frozen
 * amount + fee (`settle`) or its release (`release`). The contra legs go to the order's shard of the
 * settlement account (the outside world) and of the fee income account.
 */
import type { Locale } from '@payops/contracts';
import { fieldError } from '../../platform/errors.ts';
import {
  accountIdOf,
  dec,
  decString,
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
function merchantAccount(tx: Tx, o: Order) {
  return accountIdOf(tx, {
    ownerType: 'merchant',
    ownerId: o.merchantId,
    ownerCode: o.mchNo,
    merchantId: o.merchantId,
  });
}

/** The contra legs: the order's settlement shard, and its fee-income shard when there is a fee. */
async function contraLegs(
  tx: Tx,
  o: Order,
  ref: string,
  settlement: string,
  fee: string,
): Promise<LegInput[]> {
  const legs: LegInput[] = [
    { accountId: await platformAccountId(tx, 'settlement', o.currency, ref), amount: settlement },
  ];
  if (!isZero(dec(fee)))
    legs.push({ accountId: await platformAccountId(tx, 'fees', o.currency, ref), amount: fee });
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

async function post(
  tx: Tx,
  family: keyof typeof REF,
  o: Order,
  kind: string,
  event: string,
  legs: LegInput[],
  opts: PostOptions,
  field = 'amount',
  short?: Record<Locale, string>,
): Promise<number> {
  try {
    const { entryId } = await postEntry(tx, {
      kind,
      event,
      refType: REF[family],
      refId: o.orderNo,
      operatorId: opts.operatorId,
      note: opts.note ?? '',
      at: opts.at,
      ...(opts.entryId ? { id: opts.entryId } : {}),
      legs,
    });
    return entryId;
  } catch (e) {
    if (e instanceof LedgerError) {
      if (e.reason === 'insufficient' && short) throw fieldError(field, short[opts.locale]);
      throw ledgerAppError(e, opts.locale, field);
    }
    throw e;
  }
}

/** A deposit's success: the merchant gets amount - fee, the fee account the fee, settlement -amount. */
export async function creditDeposit(
  tx: Tx,
  o: Order,
  opts: PostOptions,
  family: DepositFamily = 'deposit',
): Promise<number> {
  const ref = `${REF[family]}:${o.orderNo}`;
  const net = decString(dec(o.amount).minus(dec(o.fee)));
  const legs = [
    { accountId: await merchantAccount(tx, o), amount: net },
    ...(await contraLegs(tx, o, ref, `-${o.amount}`, o.fee)),
  ];
  return post(tx, family, o, 'deposit', 'deposit', legs, opts);
}

/** A refund reverses the credit; refused (on `id`) when the merchant's available balance is short. */
export async function refundDeposit(tx: Tx, o: Order, opts: PostOptions): Promise<number> {
  const ref = `${REF.deposit}:${o.orderNo}`;
  const net = decString(dec(o.amount).minus(dec(o.fee)));
  const legs = [
    { accountId: await merchantAccount(tx, o), amount: `-${net}` },
    ...(await contraLegs(tx, o, ref, o.amount, isZero(dec(o.fee)) ? '0' : `-${o.fee}`)),
  ];
  return post(tx, 'deposit', o, 'refund', 'refund', legs, opts, 'id', text.refundShort);
}

const held = (o: Order) => decString(dec(o.amount).plus(dec(o.fee)));

/** A withdrawal paid out: the frozen amount + fee leaves; settlement gets the amount, fees the fee. */
export async function settleWithdrawal(
  tx: Tx,
  o: Order,
  opts: PostOptions,
  family: WithdrawFamily = 'withdraw',
): Promise<number> {
  const ref = `${REF[family]}:${o.orderNo}`;
  const legs = [
    { accountId: await merchantAccount(tx, o), frozenAmount: `-${held(o)}` },
    ...(await contraLegs(tx, o, ref, o.amount, o.fee)),
  ];
  return post(tx, family, o, 'withdraw', 'settle', legs, opts);
}

/** A withdrawal rejected or failed: the frozen amount + fee returns to the available balance. */
export async function releaseWithdrawal(
  tx: Tx,
  o: Order,
  opts: PostOptions,
  family: WithdrawFamily = 'withdraw',
): Promise<number> {
  const h = held(o);
  const legs = [{ accountId: await merchantAccount(tx, o), amount: h, frozenAmount: `-${h}` }];
  return post(tx, family, o, 'unfreeze', 'release', legs, opts);
}
