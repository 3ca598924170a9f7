/**
 * The market's logs as views of the platform's own (defineView): the operator log
 * (tradeManage/tradeOperateLog: the audit rows of the market's records: transitions, posts, takes,
 * applications, settings) and the block log (tradeBlackBlockLog: the risk service's refusals of
 * traders posting or taking ads, source `trade`).
 */
import { bilingual } from '../../resource.ts';
import { defineView } from '../../view.ts';
import { blackBlockLog } from '../financeRisk/block-log.ts';
import { operationRecordList } from '../financeRisk/operation-record.ts';
import { opearlog } from '../sys/opearlog.ts';

/** The audit rows' object types of the market (the operator log's scope). */
export const TRADE_OBJECT_TYPES = [
  'trade_pool_config_page',
  'trade_rule_config_page',
  'tradeOrderTimeout',
  'trade_buy_order_page',
  'trade_sell_order_page',
  'tradeOrderList',
  'buyorderApplyPage',
  'sellorderApplyPage',
  'tradeMemberList',
  'trade_push_rec_page',
  'tradeRecItems',
  'trade_rec_page',
] as const;

export const tradeOperateLog = defineView(opearlog, {
  group: 'tradeManage',
  page: 'tradeOperateLog',
  api: '/api/trade/operateLog',
  labels: bilingual({}),
  readOnly: true,
  scope: { objectType: TRADE_OBJECT_TYPES },
});

export const tradeBlackBlockLog = defineView(blackBlockLog, {
  group: 'tradeManage',
  page: 'tradeBlackBlockLog',
  api: '/api/trade/blockLog',
  readOnly: true,
  scope: { source: 'trade' },
});

/**
 * The trade black list's change log (tradeBlackLogPage): the risk service's operation records of the
 * lists and freezes a trade's risk check reads (risk BLACK_LISTS/WHITE_LISTS of `match`, the match
 * freezes): every entry an operator added, imported or lifted there, and every expiry.
 */
export const tradeBlackLogPage = defineView(operationRecordList, {
  group: 'tradeManage',
  page: 'tradeBlackLogPage',
  api: '/api/trade/blackLog',
  readOnly: true,
});

/** The risk pages whose changes tradeBlackLogPage shows (operationRecordList's `target`). */
export const TRADE_BLACK_TARGETS = [
  'depositBlack',
  'withdrawBlack',
  'blackCard',
  'depositWhite',
  'withdrawWhite',
  'mchFrozenList',
] as const;
