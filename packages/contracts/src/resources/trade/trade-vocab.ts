/**
 * The trade market's vocabulary (issue 15, domain.md "Trades"): who trades (a ledger owner: a
 * merchant's member or a wallet member), which side an ad is on, how a pool prices, which pay types
 * the fiat leg may use. Shared by the definitions, the server and the simulator.
 */
import type { Bilingual } from '../../lifecycle.ts';
import { enumLabels } from '../mch/common.ts';

/** A trader is a ledger owner: (owner type, owner id); wallet trades reuse the same market. */
export const TRADER_TYPES = ['member', 'wallet_member', 'market'] as const;
export type TraderType = (typeof TRADER_TYPES)[number];
export const TRADER_TYPE_LABELS = {
  member: ['商户会员', 'Merchant member'],
  wallet_member: ['钱包会员', 'Wallet member'],
  // A third-party P2P market taking a pushed ad (trade-push.ts): its rule is the pool's push rule.
  market: ['三方市场', 'Third-party market'],
} as const satisfies Record<TraderType, Bilingual>;

/** The advertiser's side: a buy ad buys coins (its taker sells), a sell ad sells them. */
export const TRADE_SIDES = ['buy', 'sell'] as const;
export type TradeSide = (typeof TRADE_SIDES)[number];
export const TRADE_SIDE_LABELS = {
  buy: ['买单', 'Buy'],
  sell: ['卖单', 'Sell'],
} as const satisfies Record<TradeSide, Bilingual>;

/** Where a pool's price comes from: the exchange-rate table (with the pool's spread) or a fixed price. */
export const PRICE_SOURCES = ['rate', 'fixed'] as const;
export type PriceSource = (typeof PRICE_SOURCES)[number];
export const PRICE_SOURCE_LABELS = {
  rate: ['汇率表(加点差)', 'Rate table (plus spread)'],
  fixed: ['固定价格', 'Fixed price'],
} as const satisfies Record<PriceSource, Bilingual>;

/** The fiat leg is paid off-platform through one of these. */
export const TRADE_PAY_TYPES = ['bank_card', 'alipay', 'wechat'] as const;
export type TradePayType = (typeof TRADE_PAY_TYPES)[number];
export const TRADE_PAY_TYPE_LABELS = {
  bank_card: ['银行卡', 'Bank card'],
  alipay: ['支付宝', 'Alipay'],
  wechat: ['微信', 'WeChat'],
} as const satisfies Record<TradePayType, Bilingual>;

/** How an order was completed. */
export const TRADE_CONFIRMED_BY = ['seller', 'operator', 'dispute'] as const;
export type TradeConfirmedBy = (typeof TRADE_CONFIRMED_BY)[number];
export const TRADE_CONFIRMED_BY_LABELS = {
  seller: ['卖方确认', 'Seller'],
  operator: ['操作员审核', 'Operator audit'],
  dispute: ['争议裁决', 'Dispute ruling'],
} as const satisfies Record<TradeConfirmedBy, Bilingual>;

/** What an application asks for: to post ads at all, or to post ads above the rule's large amount. */
export const APPLY_KINDS = ['advertiser', 'large_ad'] as const;
export type ApplyKind = (typeof APPLY_KINDS)[number];
export const APPLY_KIND_LABELS = {
  advertiser: ['成为广告商', 'Become an advertiser'],
  large_ad: ['大额广告', 'Large ads'],
} as const satisfies Record<ApplyKind, Bilingual>;

/** The coin traded and the fiat it is paid in (one pair today; the pool names them). */
export const TRADE_COIN = 'USDT';
export const TRADE_FIAT = 'CNY';

/** `field.<page>.<name>` for each pair of a field-label map. */
export function fieldLabels(page: string, labels: Record<string, Bilingual>): Record<string, Bilingual> {
  return Object.fromEntries(Object.entries(labels).map(([k, v]) => [`field.${page}.${k}`, v]));
}

/** The enum labels every trade page with traders shows (owner type, side, pay type). */
export function traderEnumLabels(page: string): Record<string, Bilingual> {
  return {
    ...enumLabels(page, 'ownerType', TRADER_TYPE_LABELS),
    ...enumLabels(page, 'side', TRADE_SIDE_LABELS),
  };
}

/**
 * What a trader (or a push) does through the market's services rather than a page's transition: logged
 * in the operation log as `<group>.<page>.<name>` of the page the record shows on.
 */
export const TRADE_SERVICE_ACTIONS = {
  post: ['发布广告', 'Post an ad'],
  take: ['吃单', 'Take an ad'],
  apply: ['提交申请', 'Apply'],
  push: ['推送三方市场', 'Push to the market'],
} as const satisfies Record<string, Bilingual>;
export type TradeServiceAction = keyof typeof TRADE_SERVICE_ACTIONS;
