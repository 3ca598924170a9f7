/**
 * The counterparty statistics and the merchant trade sync report of /tradeManage (issue 15), read
 * from the trade rollups (server modules/tradeReports).
 */
import type { Bilingual } from '../../lifecycle.ts';
import { defineReport, type ReportDef } from '../../report.ts';
import { dimensions } from '../financeReport/common.ts';
import { enumLabels, optionsOf } from '../mch/common.ts';
import {
  adMatchDayReportSum,
  adProcessReportSum,
  userMatchDayReportSum,
  userProcessReportSum,
} from './trade-reports.ts';
import { TRADE_COIN, TRADE_SIDE_LABELS } from './trade-vocab.ts';

const ORDERS = '/tradeManage/trade_approve_order_page';
const mch = { type: 'ref', ref: { resource: 'mchList', labelField: 'mchNo' } } as const;
const coins = (sum: string) => ({ type: 'money', sum, currency: TRADE_COIN }) as const;
const num = (sum: string) => ({ type: 'number', sum }) as const;
const fields = (name: string, pairs: Record<string, Bilingual>) =>
  Object.fromEntries(Object.entries(pairs).map(([k, v]) => [`field.${name}.${k}`, v]));

const pairName = 'counterpartyStatistics';
const pairDays = dimensions(pairName, 'day');
export const counterpartyStatistics = defineReport({
  name: pairName,
  group: 'tradeManage',
  rollup: 'trade_pair',
  dimensions: {
    advertiser: { type: 'string' },
    counterparty: { type: 'string' },
    adMerchantId: mch,
    counterpartyMerchantId: mch,
    side: { type: 'enum', options: optionsOf(TRADE_SIDE_LABELS) },
    ...pairDays.dims,
  },
  defaultDimensions: ['advertiser', 'counterparty'],
  measures: {
    orders: num('orders'),
    amount: coins('amount'),
    completed: num('completed'),
    completedAmount: coins('completedAmount'),
    disputes: num('disputes'),
    completionRate: { type: 'percent', ratio: ['completed', 'orders'] },
    firstDay: { type: 'date', min: 'day' },
    lastDay: { type: 'date', max: 'day' },
  },
  // The pairs that trade most first: repeated trades between the same two are what collusion looks like.
  rank: 'orders',
  drill: {
    page: ORDERS,
    filters: { side: 'side' },
    filtersBy: {
      dimension: 'side',
      values: {
        sell: {
          sellerCode: 'advertiser',
          sellerMerchantId: 'adMerchantId',
          buyerCode: 'counterparty',
          buyerMerchantId: 'counterpartyMerchantId',
        },
        buy: {
          buyerCode: 'advertiser',
          buyerMerchantId: 'adMerchantId',
          sellerCode: 'counterparty',
          sellerMerchantId: 'counterpartyMerchantId',
        },
      },
    },
  },
  labels: {
    ...pairDays.labels,
    ...enumLabels(pairName, 'side', TRADE_SIDE_LABELS),
    ...fields(pairName, {
      advertiser: ['广告主', 'Advertiser'],
      counterparty: ['交易对手', 'Counterparty'],
      adMerchantId: ['广告主商户', "Advertiser's merchant"],
      counterpartyMerchantId: ['对手商户', "Counterparty's merchant"],
      side: ['广告方向', 'Ad side'],
      orders: ['交易笔数', 'Trades'],
      amount: ['交易数量(USDT)', 'Traded (USDT)'],
      completed: ['完成笔数', 'Completed'],
      completedAmount: ['完成数量(USDT)', 'Completed (USDT)'],
      disputes: ['争议笔数', 'Disputed'],
      completionRate: ['完成率', 'Completion rate'],
      firstDay: ['首次交易日', 'First trade day'],
      lastDay: ['最近交易日', 'Last trade day'],
    }),
    [`help.${pairName}`]: [
      '广告主与吃单对手之间的交易（按下单日），交易笔数多者在前：同一对用户反复交易可能是串通刷单。按广告方向分组时，明细链接精确筛选双方。',
      'Trades between an advertiser and the counterparty who took their ads (by the day taken), the pairs with the most trades first: the same two trading again and again may be collusion. Grouped by ad side, the detail link filters both parties.',
    ],
  },
});

const VIA_LABELS = {
  buyer: ['买方', 'Buyer'],
  seller: ['卖方', 'Seller'],
  both: ['双方', 'Both'],
} as const satisfies Record<string, Bilingual>;

const syncName = 'mchTradeSynRecordReport';
const syncDims = dimensions(syncName, 'day', 'merchantId');
export const mchTradeSynRecordReport = defineReport({
  name: syncName,
  group: 'tradeManage',
  rollup: 'trade_sync',
  dimensions: { ...syncDims.dims, via: { type: 'enum', options: optionsOf(VIA_LABELS) } },
  defaultDimensions: ['day', 'merchantId'],
  measures: {
    orders: num('orders'),
    final: num('final'),
    completed: num('completed'),
    cancelled: num('cancelled'),
    timeouts: num('timeouts'),
    open: num('open'),
    finalRate: { type: 'percent', ratio: ['final', 'orders'] },
    amount: coins('amount'),
    completedAmount: coins('completedAmount'),
  },
  drill: {
    page: ORDERS,
    filtersBy: {
      dimension: 'via',
      values: {
        buyer: { buyerMerchantId: 'merchantId' },
        seller: { sellerMerchantId: 'merchantId' },
        both: { buyerMerchantId: 'merchantId', sellerMerchantId: 'merchantId' },
      },
    },
  },
  labels: {
    ...syncDims.labels,
    ...enumLabels(syncName, 'via', VIA_LABELS),
    ...fields(syncName, {
      via: ['商户会员所在方', "Merchant's member was"],
      orders: ['交易记录', 'Trade records'],
      final: ['终态记录', 'Final records'],
      completed: ['已完成', 'Completed'],
      cancelled: ['已取消', 'Cancelled'],
      timeouts: ['已超时', 'Timed out'],
      open: ['进行中', 'Open'],
      finalRate: ['终态占比', 'Final share'],
      amount: ['交易数量(USDT)', 'Traded (USDT)'],
      completedAmount: ['完成数量(USDT)', 'Completed (USDT)'],
    }),
    [`help.${syncName}`]: [
      '商户会员参与的交易订单（按下单日），每单每商户计一次：即向商户同步交易记录时应携带的记录及其终态。交易订单目前不向商户发送回调，本表按订单本身统计。',
      "The trade orders a merchant's members took part in (by the day taken), once per order and merchant: the records a trade sync to the merchant carries, and their final states. Trade orders send merchants no callback today; this counts the orders themselves.",
    ],
  },
});

/** For the registry (resources/index.ts) and the server's report routes. */
export const TRADE_REPORTS: readonly ReportDef[] = [
  adMatchDayReportSum,
  userMatchDayReportSum,
  counterpartyStatistics,
  userProcessReportSum,
  adProcessReportSum,
  mchTradeSynRecordReport,
];
