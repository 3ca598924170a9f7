/**
 * OTC and ZHOTC (other-currency) orders: deposits and withdrawals a merchant quotes in another
 * currency than CNY (USDT: an OTC desk; USD, HKD, EUR...: ZHOTC). They are normal orders in every
 * other way (same tables, lifecycle, fees, routing, audit, credit and callbacks, in CNY); the order
 * keeps its quote: the currency, the amount in it and the exchange rate fixed at creation, so a later
 * change of the rate table never reprices it. Each family has its views here, scoped to it; the
 * normal lists show every family, with a family filter.
 *
 * otcPayOrderPage shows the upstream payment behind each OTC/ZHOTC deposit: where the placement put it
 * (passage, provider, the provider's order no and pay URL), its CNY amount, and whether it was paid.
 */
import type { Bilingual } from '../../lifecycle.ts';
import { CURRENCIES, type Currency } from '../../money.ts';
import type { FieldInput, ResourceDef } from '../../resource.ts';
import { bilingual } from '../../resource.ts';
import { defineView } from '../../view.ts';
import { THIRD_PARTY_REF } from '../payManage/third-party-ref.ts';
import { orderDepositList } from './deposit-order.ts';
import { orderTransferList } from './withdraw-order.ts';

/** The currencies an order may be quoted in (the merchant API's `currency` but CNY), by code. */
const QUOTE_CURRENCIES = (Object.keys(CURRENCIES) as Currency[]).filter(
  (c) => c !== 'CNY' && CURRENCIES[c].kind !== 'points',
);

/** The quote columns an OTC/ZHOTC list shows after the CNY amount. */
const QUOTE_FIELDS = {
  quoteCurrency: {
    type: 'enum',
    list: true,
    filter: 'eq',
    options: QUOTE_CURRENCIES.map((value) => ({ value })),
  },
  quoteAmount: { type: 'money', list: true, currency: { field: 'quoteCurrency' } },
  // A rate, not an amount: shown as the table gave it (7.18, 0.9218), never cut to a currency's scale.
  rate: { type: 'number', list: true },
} as const satisfies Record<string, FieldInput>;
type QuoteField = keyof typeof QUOTE_FIELDS;

const quoteLabels = (page: string): Record<string, Bilingual> => ({
  [`field.${page}.quoteCurrency`]: ['报价币种', 'Quote currency'],
  // Codes read the same in both languages.
  ...Object.fromEntries(QUOTE_CURRENCIES.map((c) => [`enum.${page}.quoteCurrency.${c}`, [c, c]])),
  [`field.${page}.quoteAmount`]: ['报价金额', 'Quote amount'],
  [`field.${page}.rate`]: ['汇率', 'Exchange rate'],
});

/** The base's columns with the quote's inserted after the (CNY) amount. */
function withQuote<F extends string>(base: ResourceDef<F>): (F | QuoteField)[] {
  // (The family column, the same on every row of a family's page, is left out by its scope.)
  const names = Object.keys(base.fields) as F[];
  const at = names.indexOf('amount' as F) + 1;
  return [...names.slice(0, at), ...(Object.keys(QUOTE_FIELDS) as QuoteField[]), ...names.slice(at)];
}

function quotedView<F extends string>(
  base: ResourceDef<F>,
  family: 'otc' | 'zhotc',
  page: string,
  api: string,
) {
  return defineView(base, {
    group: 'order',
    page,
    api,
    scope: { family },
    fields: QUOTE_FIELDS,
    columns: withQuote(base),
    labels: bilingual(quoteLabels(page)),
  });
}

export const orderDepositListOTC = quotedView(
  orderDepositList,
  'otc',
  'orderDepositListOTC',
  '/api/pay/otcDeposit',
);
export const orderTransferListOTC = quotedView(
  orderTransferList,
  'otc',
  'orderTransferListOTC',
  '/api/pay/otcTransfer',
);
export const orderDepositListZHOTC = quotedView(
  orderDepositList,
  'zhotc',
  'orderDepositListZHOTC',
  '/api/pay/zhotcDeposit',
);
export const orderTransferListZHOTC = quotedView(
  orderTransferList,
  'zhotc',
  'orderTransferListZHOTC',
  '/api/pay/zhotcTransfer',
);

export const otcPayOrderPage = defineView(orderDepositList, {
  group: 'order',
  page: 'otcPayOrderPage',
  api: '/api/pay/otcPayOrder',
  // The server adds: those an upstream accepted (its order no on the order).
  scope: { family: ['otc', 'zhotc'] },
  fields: {
    thirdPartyId: {
      type: 'ref',
      list: true,
      filter: 'eq',
      ref: THIRD_PARTY_REF,
    },
    payUrl: { type: 'string', list: true },
    quoteCurrency: QUOTE_FIELDS.quoteCurrency,
    quoteAmount: QUOTE_FIELDS.quoteAmount,
  },
  columns: [
    'id',
    'orderNo',
    'family',
    'merchantId',
    'passageId',
    'thirdPartyId',
    'upstreamOrderNo',
    'amount',
    'quoteCurrency',
    'quoteAmount',
    'payUrl',
    'status',
    'createdAt',
    'paidAt',
  ],
  labels: bilingual({
    ...quoteLabels('otcPayOrderPage'),
    'field.otcPayOrderPage.thirdPartyId': ['三方', 'Third party'],
    'field.otcPayOrderPage.payUrl': ['支付链接', 'Pay URL'],
  }),
  readOnly: true,
});

/** The OTC/ZHOTC pages, for the registry (resources/index.ts). */
export const OTC_RESOURCES: readonly ResourceDef[] = [
  orderDepositListOTC,
  orderTransferListOTC,
  orderDepositListZHOTC,
  orderTransferListZHOTC,
  otcPayOrderPage,
];
