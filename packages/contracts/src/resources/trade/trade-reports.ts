/**
 * The trade reports of /tradeManage (issue 15), read from the trade rollups (server
 * modules/tradeReports): matching per day by advertiser and by taker, counterparty pairs, processing
 * times by taker and by advertiser, and the records a merchant's trade synchronisation carries.
 * Orders count on the day they were taken, ads on the day they were posted (the platform's zone).
 */
import type { Bilingual } from '../../lifecycle.ts';
import { defineReport, type ReportDrillInput, type ReportMeasureInput } from '../../report.ts';
import { PAY_TIME_BUCKETS } from '../financeReport/buckets.ts';
import { dimensions } from '../financeReport/common.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import { timeBucketLabels } from '../opsReports/time-buckets.ts';
import { TRADE_COIN, TRADE_SIDE_LABELS, TRADER_TYPE_LABELS } from './trade-vocab.ts';

const ORDERS = '/tradeManage/trade_approve_order_page';
const coins = (sum: string): ReportMeasureInput => ({ type: 'money', sum, currency: TRADE_COIN });
const n = (sum: string, list = true): ReportMeasureInput => ({ type: 'number', sum, list });
type Labels = Record<string, Bilingual>;
const fields = (name: string, pairs: Labels): Labels =>
  Object.fromEntries(Object.entries(pairs).map(([k, v]) => [`field.${name}.${k}`, v]));

type Role = 'ad' | 'user';
const ROLE_WORD: Record<Role, Bilingual> = { ad: ['广告主', 'Advertiser'], user: ['交易用户', 'Taker'] };

/** A party report's dimensions (the party rollup, one role) and their labels. */
function partyDims(name: string, role: Role) {
  const common = dimensions(name, 'day', 'merchantId');
  return {
    dims: {
      ...common.dims,
      trader: { type: 'string' },
      side: { type: 'enum', options: optionsOf(TRADE_SIDE_LABELS) },
      traderType: { type: 'enum', options: optionsOf(TRADER_TYPE_LABELS) },
    } as const,
    labels: {
      ...common.labels,
      ...fields(name, {
        trader: ROLE_WORD[role],
        merchantId: ['所属商户', "Trader's merchant"],
        side: ['广告方向', 'Ad side'],
        traderType: ['用户类型', 'Trader type'],
      }),
      ...enumLabels(name, 'side', TRADE_SIDE_LABELS),
      ...enumLabels(name, 'traderType', TRADER_TYPE_LABELS),
    },
  };
}

/**
 * Into the trade order list: the advertiser sells on a sell ad's orders and buys on a buy ad's, the
 * taker the other way round; without the side grouped, the row's range (and side) only.
 */
function partyDrill(role: Role): ReportDrillInput<'trader' | 'merchantId' | 'side'> {
  const seller = { sellerCode: 'trader', sellerMerchantId: 'merchantId' } as const;
  const buyer = { buyerCode: 'trader', buyerMerchantId: 'merchantId' } as const;
  return {
    page: ORDERS,
    filters: { side: 'side' },
    filtersBy: {
      dimension: 'side',
      values: role === 'ad' ? { sell: seller, buy: buyer } : { sell: buyer, buy: seller },
    },
  };
}

const matchMeasures = {
  orders: n('orders'),
  amount: coins('amount'),
  completed: n('completed'),
  completedAmount: coins('completedAmount'),
  fees: coins('fees'),
  sellerFees: coins('sellerFees'),
  cancelled: n('cancelled'),
  timeouts: n('timeouts'),
  disputes: n('disputes'),
  completionRate: { type: 'percent', ratio: ['completed', 'orders'] },
} as const satisfies Record<string, ReportMeasureInput>;

const MATCH_LABELS: Labels = {
  ads: ['发布广告数', 'Ads posted'],
  adAmount: ['广告数量(USDT)', 'Ad amount (USDT)'],
  orders: ['撮合子订单', 'Orders matched'],
  amount: ['撮合数量(USDT)', 'Matched (USDT)'],
  completed: ['完成笔数', 'Completed'],
  completedAmount: ['完成数量(USDT)', 'Completed (USDT)'],
  fees: ['手续费(USDT)', 'Fees (USDT)'],
  sellerFees: ['卖方手续费(USDT)', "Sellers' fees (USDT)"],
  cancelled: ['取消笔数', 'Cancelled'],
  timeouts: ['超时笔数', 'Timed out'],
  disputes: ['争议笔数', 'Disputed'],
  completionRate: ['完成率', 'Completion rate'],
};

const MATCH_HELP: Record<Role, Bilingual> = {
  ad: [
    '按广告主（广告发布者）统计：当日发布的广告，及当日从其广告撮合的子订单与其当前结果（按下单日统计）。争议笔数含已裁决的争议。手续费与卖方手续费为已完成订单的平台收入。',
    "Per advertiser (the ad's owner): the ads posted on the day, and the orders taken from their ads on the day with their outcome so far (by the day taken). Disputes include those already ruled. Fees and sellers' fees are the platform's income from the completed orders.",
  ],
  user: [
    '按吃单用户统计：当日其吃单生成的子订单及其当前结果（按下单日统计）。争议笔数含已裁决的争议。手续费与卖方手续费为已完成订单的平台收入。',
    "Per taker: the orders they took on the day with their outcome so far (by the day taken). Disputes include those already ruled. Fees and sellers' fees are the platform's income from the completed orders.",
  ],
};

type PartyDim = 'day' | 'merchantId' | 'trader' | 'side' | 'traderType';

/** A report of the party rollup for one role: its figures, their labels, its help line. */
function partyReport(
  name: string,
  role: Role,
  defaults: readonly PartyDim[],
  measures: Record<string, ReportMeasureInput>,
  labels: Labels,
  help: Bilingual,
) {
  const d = partyDims(name, role);
  return defineReport({
    name,
    group: 'tradeManage',
    rollup: 'trade_party',
    where: { role },
    dimensions: d.dims,
    defaultDimensions: defaults,
    measures,
    drill: partyDrill(role),
    labels: { ...d.labels, ...fields(name, labels), [`help.${name}`]: help },
  });
}

const matchReport = (name: string, role: Role) =>
  partyReport(
    name,
    role,
    ['day', 'trader', 'merchantId'],
    role === 'ad' ? { ads: n('ads'), adAmount: coins('adAmount'), ...matchMeasures } : matchMeasures,
    MATCH_LABELS,
    MATCH_HELP[role],
  );

export const adMatchDayReportSum = matchReport('adMatchDayReportSum', 'ad');
export const userMatchDayReportSum = matchReport('userMatchDayReportSum', 'user');

/** Per PAY_TIME_BUCKETS bucket: the orders paid, and the orders confirmed, within it. */
function processMeasures() {
  const pay: Record<string, ReportMeasureInput> = {};
  const confirm: Record<string, ReportMeasureInput> = {};
  PAY_TIME_BUCKETS.forEach((_, i) => {
    pay[`pay${i}`] = n(`pay${i}`);
    confirm[`confirm${i}`] = n(`confirm${i}`);
  });
  return {
    orders: n('orders'),
    paid: n('paid'),
    paySeconds: n('paySeconds', false),
    avgPaySeconds: { type: 'number', ratio: ['paySeconds', 'paid'] },
    ...pay,
    confirmed: n('confirmed'),
    confirmSeconds: n('confirmSeconds', false),
    avgConfirmSeconds: { type: 'number', ratio: ['confirmSeconds', 'confirmed'] },
    ...confirm,
    timeouts: n('timeouts'),
    cancelled: n('cancelled'),
    disputes: n('disputes'),
  } satisfies Record<string, ReportMeasureInput>;
}

function processLabels(): Labels {
  const out: Labels = {
    orders: ['订单数', 'Orders'],
    paid: ['已付款笔数', 'Paid'],
    paySeconds: ['付款用时合计(秒)', 'Time to pay, total (s)'],
    avgPaySeconds: ['平均付款用时(秒)', 'Average time to pay (s)'],
    confirmed: ['已确认放币笔数', 'Confirmed'],
    confirmSeconds: ['确认用时合计(秒)', 'Time to confirm, total (s)'],
    avgConfirmSeconds: ['平均确认用时(秒)', 'Average time to confirm (s)'],
    timeouts: ['超时笔数', 'Timed out'],
    cancelled: ['取消笔数', 'Cancelled'],
    disputes: ['争议笔数', 'Disputed'],
  };
  for (const [key, [zh, en]] of Object.entries(timeBucketLabels())) {
    const i = key.slice('bucket.'.length);
    out[`pay${i}`] = [`付款 ${zh}`, `Paid: ${en}`];
    out[`confirm${i}`] = [`确认 ${zh}`, `Confirmed: ${en}`];
  }
  return out;
}

const PROCESS_HELP: Bilingual = [
  '付款用时：下单到买方付款；确认用时：付款到订单完成（含争议裁决）。按用时区间统计笔数；按下单日统计。',
  "Time to pay: from the take to the buyer's payment; time to confirm: from the payment to completion (a dispute's ruling included). Orders per time bucket, by the day taken.",
];

const processReport = (name: string, role: Role) =>
  partyReport(name, role, ['trader', 'merchantId'], processMeasures(), processLabels(), PROCESS_HELP);

export const userProcessReportSum = processReport('userProcessReportSum', 'user');
export const adProcessReportSum = processReport('adProcessReportSum', 'ad');
