/**
 * Who trades: a ledger owner (owner type + id). The market asks a resolver per owner type for the
 * trader's code (account), merchant, status and personal fields (for the risk check); members are
 * resolved here, wallet members by the wallet module (`registerTraderResolver('wallet_member', ...)`),
 * so wallet trades run through the same services without a second market. An owner type may also
 * register its own rules for a take (`registerPartyCheck`), run in the take's transaction.
 */
import type { Locale, TraderType } from '@payops/contracts';
import { eq } from 'drizzle-orm';
import { fieldError } from '../../platform/errors.ts';
import { type Executor, ensureAccount, type Owner, type Tx } from '../../platform/ledger/index.ts';
import { members } from '../member/schema.ts';

/** A trader as the services take it. */
export interface TraderRef {
  ownerType: TraderType;
  ownerId: number;
}

export interface Trader extends TraderRef {
  /** The member's account (or the wallet member's), shown on the pages. */
  code: string;
  /** The member's merchant; null for wallet members. */
  merchantId: number | null;
  /** Anything but 'normal' may not trade. */
  status: string;
  realName?: string | null;
  phone?: string | null;
  idNumber?: string | null;
}

export type TraderResolver = (db: Executor, ownerId: number) => Promise<Trader | undefined>;

const resolvers = new Map<TraderType, TraderResolver>();

export function registerTraderResolver(type: TraderType, resolve: TraderResolver): void {
  resolvers.set(type, resolve);
}

registerTraderResolver('member', async (db, ownerId) => {
  const [m] = await db.select().from(members).where(eq(members.id, ownerId));
  if (!m) return undefined;
  return {
    ownerType: 'member',
    ownerId: m.id,
    code: m.account,
    merchantId: m.merchantId,
    status: m.status,
    realName: m.realName,
    phone: m.phone,
    idNumber: m.idNumber,
  };
});

/** What one take asks of one of its parties, beyond the market's rules. */
export interface TakeTerms {
  /** The party's role in the order: the buyer pays the fiat, the seller receives it. */
  role: 'buyer' | 'seller';
  payType: string;
  /** The coins of the order. */
  amount: string;
  /** The fiat of the order, at its price. */
  fiatAmount: string;
  at: Date;
  /** The platform's time zone (daily limits count from its midnight). */
  timeZone: string;
}

/**
 * What a party's rules add to a take: the seller's own fee in coins (see trade_orders.seller_fee), and
 * what the party's module keeps of the take once the order exists (the wallet: where its buyer is told
 * to pay), written in the take's transaction.
 */
export interface PartyTerms {
  sellerFee?: string;
  recordTake?: (db: Executor, orderId: number) => Promise<void>;
}

/**
 * Refuses a take its party's own rules forbid (a 400 naming the field), inside the take's
 * transaction; or answers what they add to it.
 */
export type PartyCheck = (
  db: Executor,
  party: TraderRef,
  terms: TakeTerms,
  locale: Locale,
) => Promise<PartyTerms | undefined>;

const partyChecks = new Map<TraderType, PartyCheck>();

/** An owner type's rules for the takes its traders are party to (the wallet's pay and withdraw types). */
export function registerPartyCheck(type: TraderType, check: PartyCheck): void {
  partyChecks.set(type, check);
}

/**
 * Runs the buyer's and the seller's owner-type checks of a take (none registered: nothing to check);
 * answers the seller's fee the seller's rules charge ('0' without one) and what the parties' modules
 * record once the order is inserted (`recordTaken`).
 */
export async function checkTakeParties(
  db: Executor,
  parties: { buyer: TraderRef; seller: TraderRef },
  terms: Omit<TakeTerms, 'role'>,
  locale: Locale,
): Promise<{ sellerFee: string; recordTaken: (orderId: number) => Promise<void> }> {
  let sellerFee = '0';
  const records: NonNullable<PartyTerms['recordTake']>[] = [];
  for (const role of ['buyer', 'seller'] as const) {
    const check = partyChecks.get(parties[role].ownerType);
    const added = check ? await check(db, parties[role], { ...terms, role }, locale) : undefined;
    if (role === 'seller' && added?.sellerFee) sellerFee = added.sellerFee;
    if (added?.recordTake) records.push(added.recordTake);
  }
  const recordTaken = async (orderId: number) => {
    for (const record of records) await record(db, orderId);
  };
  return { sellerFee, recordTaken };
}

const text = {
  missing: { 'zh-CN': '交易者不存在', 'en-US': 'no such trader' },
  frozen: { 'zh-CN': '交易者已冻结，不能交易', 'en-US': 'is frozen and cannot trade' },
  advertiserFrozen: {
    'zh-CN': '广告主已冻结，该广告不能交易',
    'en-US': 'the advertiser is frozen: the ad cannot be taken',
  },
} as const;

/**
 * The trader behind a reference, able to trade; refused with a 400 on `field` otherwise (`as`: the
 * advertiser of an ad being taken, whose freeze stops its open ads too).
 */
export async function activeTrader(
  db: Executor,
  ref: TraderRef,
  locale: Locale,
  field: string,
  as: 'trader' | 'advertiser' = 'trader',
): Promise<Trader> {
  const resolve = resolvers.get(ref.ownerType);
  const trader = resolve ? await resolve(db, ref.ownerId) : undefined;
  if (!trader) throw fieldError(field, text.missing[locale]);
  if (trader.status !== 'normal')
    throw fieldError(field, (as === 'advertiser' ? text.advertiserFrozen : text.frozen)[locale]);
  return trader;
}

type Party = Trader | { ownerType: TraderType; ownerId: number; code: string; merchantId: number | null };

/** The ledger owner of a trader's coin account. */
export const ownerOf = (t: Party, currency: string): Owner => ({
  ownerType: t.ownerType,
  ownerId: t.ownerId,
  ownerCode: t.code,
  merchantId: t.merchantId,
  currency,
});

/** The trader's coin account (opened on first use). */
export function coinAccount(tx: Tx, t: Party, currency: string) {
  return ensureAccount(tx, ownerOf(t, currency));
}
