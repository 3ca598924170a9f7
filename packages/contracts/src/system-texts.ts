/**
 * What the system writes itself where people write text: a transition's reason (a job's timeout, an
 * automatic rule, the chain, a market's answer) and the name of who acted when no operator did (the
 * platform, a merchant's API call, a trader, a rule). Stored as `@<code>` or `@<code>: <detail>` (the
 * detail a name or a number, in no language) and shown in the reader's language wherever a text is
 * shown: table cells, the detail drawer, exports. What an operator typed is stored and shown as typed.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './api.ts';
import { type BlockedKind, OUTBOUND_BLOCK_LABELS } from './outbound-kinds.ts';
import { GIFT_DIMENSION_LABELS } from './resources/financeRisk/gift-dimensions.ts';
import { BLOCK_RULES, type BlockRule } from './resources/financeRisk/risk-targets.ts';
import { CALLBACK_REFUSAL_LABELS, type CallbackRefusal } from './resources/order/callback-refusals.ts';
import { MERCHANT_API_ENDPOINTS } from './resources/order/place-log-codes.ts';
import { ROUTE_VERDICT_LABELS, type RouteVerdict } from './resources/order/route-verdicts.ts';
import { TRADER_TYPE_LABELS } from './resources/trade/trade-vocab.ts';

type Pair = readonly [string, string];

/** A family of system texts, one per label of a vocabulary: `<prefix>.<key>`, worded by `word`. */
function textsOf<P extends string, K extends string>(
  prefix: P,
  labels: Record<K, Pair>,
  word: (label: Pair) => Pair,
): Record<`${P}.${K}`, Pair> {
  return Object.fromEntries(
    Object.entries<Pair>(labels).map(([key, label]) => [`${prefix}.${key}`, word(label)]),
  ) as Record<`${P}.${K}`, Pair>;
}

/** `<zh>（label）` / `<en> (label)`. */
const naming =
  ([zh, en]: Pair) =>
  ([z, e]: Pair): Pair => [`${zh}（${z}）`, `${en} (${e})`];

/** A hold by a risk list, a freeze or a frozen member or merchant names what held it. */
const riskHolds = textsOf(
  'riskHold',
  BLOCK_RULES as Record<BlockRule, Pair>,
  naming(['风控拦截', 'Held by risk control']),
);
/** An order no passage took names why its best candidate was skipped (the routing log has them all). */
const noPassages = textsOf(
  'noPassage',
  ROUTE_VERDICT_LABELS as Record<RouteVerdict, Pair>,
  naming(['无可用通道', 'No passage available']),
);
/** A call the outbound guard refused names what the address is (the detail: the address). */
const outboundRefusals = textsOf(
  'outboundRefused',
  OUTBOUND_BLOCK_LABELS as Record<BlockedKind, Pair>,
  naming(['出站防护拒绝', 'Refused by the outbound guard']),
);

/** An upstream callback the platform refused names why (the detail: the field, value or address). */
const callbackRefusals = textsOf(
  'callbackRefused',
  CALLBACK_REFUSAL_LABELS as Record<CallbackRefusal, Pair>,
  naming(['回调无效', 'Callback refused']),
);

/** A refused gift claim: too many members on one IP, device, card or payer name (members/at most/hours). */
const giftShared = textsOf('giftShared', GIFT_DIMENSION_LABELS, ([zh, en]) => [
  `${zh}共用会员过多（会员数/上限/小时）`,
  `${en} shared by too many members (members/at most/hours)`,
]);

/** A merchant API endpoint where a column also holds other names (the error report: passages too). */
const merchantApiEndpoints = textsOf('merchantApiEndpoint', MERCHANT_API_ENDPOINTS, (label) => label);

export const SYSTEM_TEXTS = {
  // Who acted, when no operator did.
  system: ['系统', 'System'],
  merchant: ['商户', 'Merchant'],
  ...TRADER_TYPE_LABELS,
  rule: ['规则', 'Rule'],
  // Why.
  timeout: ['超时', 'Timed out'],
  paymentWindowPassed: ['付款超时', 'Payment window passed'],
  confirmationWindowPassed: ['放币确认超时', 'Confirmation window passed'],
  adExpired: ['广告有效期已过', 'Ad validity passed'],
  paymentNotReceived: ['未收到付款（自动交易员）', 'Payment not received (automatic trader)'],
  autoTrader: ['自动交易员挂单', 'Posted by an automatic trader'],
  underpaid: ['链上少付', 'Underpaid on chain'],
  overpaid: ['链上多付', 'Overpaid on chain'],
  late: ['过期后到账', 'Paid after the order expired'],
  chainFailed: ['链上交易失败', 'Transaction failed on chain'],
  autoReview: ['自动审核', 'Auto-review'],
  emailOrder: ['邮件订单确认', 'Confirmed by an email order'],
  reconciliation: ['对账', 'Reconciliation'],
  payeeConfirmed: ['收款方确认到账', 'Confirmed by the payee'],
  // A matched order ends for what its confirmed pieces settled (the detail: settled / ordered amount).
  partlySettled: ['部分撮合已结算（结算/下单金额）', 'Partly settled (settled / ordered amount)'],
  marketRefused: ['三方市场拒绝推送', 'The market refused the push'],
  marketFilled: ['三方市场已成交', 'Filled at the market'],
  marketCancelled: ['三方市场已取消', 'Cancelled at the market'],
  neverReceived: ['上游无此代付记录（未收到）', 'The upstream has no record of this payout (never received)'],
  levelSingleLimit: ['超出信用等级单笔限额', "Over the credit level's single limit"],
  levelDailyLimit: [
    '超出信用等级单日限额（括号内为当日已用）',
    "Over the credit level's daily limit (in brackets: used that day)",
  ],
  mchDailyLimit: [
    '超出商户单日充值限额（括号内为当日已用）',
    "Over the merchant's daily deposit limit (in brackets: used that day)",
  ],
  noPassage: ['无可用通道（未开通该支付方式）', 'No passage available (the pay type is not offered)'],
  upstreamError: ['上游错误', 'Upstream error'],
  upstreamFailed: ['上游返回失败', 'The upstream reported a failure'],
  chainRefused: ['链上节点拒绝了该交易', 'The chain node refused the transaction'],
  outboundTimeout: ['对方无应答（超时，毫秒）', 'No answer in time (ms)'],
  ...riskHolds,
  ...noPassages,
  ...outboundRefusals,
  ...callbackRefusals,
  ...giftShared,
  ...merchantApiEndpoints,
} as const satisfies Record<string, Pair>;
export type SystemText = keyof typeof SYSTEM_TEXTS;

/** The stored form of a system text: `@code`, or `@code: detail`. */
export function systemText(code: SystemText, detail?: string | number): string {
  return detail === undefined || detail === '' ? `@${code}` : `@${code}: ${detail}`;
}

const STORED = /^@([\w.]+)(?:: (.*))?$/s;

/**
 * A message the system worded itself, whose parts are words rather than a code and a neutral detail (a
 * merchant API refusal: its code's words and each field's reason): stored in each language,
 * `@{"zh-CN":"…","en-US":"…"}` (each at most `max` characters), and read in one. Worded the same in
 * each, it is stored as it is.
 */
export function inEachLanguage(words: (locale: Locale) => string, max = 240): string {
  const each = LOCALES.map((l) => {
    const text = words(l);
    return [l, text.length > max ? text.slice(0, max) : text] as const;
  });
  return each.every(([, text]) => text === each[0]![1])
    ? each[0]![1]
    : `@${JSON.stringify(Object.fromEntries(each))}`;
}

function eachLanguage(value: string, locale: Locale): string | undefined {
  try {
    const each = JSON.parse(value.slice(1)) as Partial<Record<Locale, unknown>>;
    const text = each[locale] ?? each[DEFAULT_LOCALE];
    return typeof text === 'string' ? text : undefined;
  } catch {
    return undefined;
  }
}

/** A stored text in the reader's language: a system text translated, anything else as it is. */
export function localText(value: string, locale: Locale): string {
  if (value.startsWith('@{')) return eachLanguage(value, locale) ?? value;
  const m = STORED.exec(value);
  const pair = m ? (SYSTEM_TEXTS as Record<string, Pair>)[m[1]!] : undefined;
  if (!pair) return value;
  const label = locale === 'en-US' ? pair[1] : pair[0];
  return m![2] === undefined ? label : `${label}: ${m![2]}`;
}

/**
 * The stored forms a search for `term` should also find: each system text whose label, in either
 * language, contains it (case-insensitive). An operator who reads 系统 in a column searches for 系统.
 */
export function systemTextsMatching(term: string): string[] {
  const t = term.trim().toLowerCase();
  if (!t) return [];
  return Object.entries(SYSTEM_TEXTS as Record<string, Pair>)
    .filter(([, pair]) => pair.some((label) => label.toLowerCase().includes(t)))
    .map(([code]) => `@${code}`);
}
