/**
 * The trading members (tradeManage/memberList, where /tradeManage leads): every trader with trade
 * activity (an ad, a take or an application), their coins, open ads and orders, completed orders and
 * large-ad limit. Coins reach a trader through a credit an operator requests and a second operator
 * approves (maker-checker; a posting from the platform's adjustment account), or by buying them.
 */
import { defineLifecycle } from '../../lifecycle.ts';
import { bilingual, defineResource, OPERATOR_REF } from '../../resource.ts';
import { TRADER_FIELDS } from './trade-ads.ts';
import { fieldLabels, TRADE_COIN, traderEnumLabels } from './trade-vocab.ts';

export const coinCreditLifecycle = defineLifecycle({
  field: 'adjustStatus',
  states: {
    none: { color: 'default', label: ['无', 'None'] },
    pending: { color: 'orange', label: ['上币待复核', 'Credit awaiting approval'] },
  },
  transitions: {
    requestCredit: {
      from: ['none'],
      to: 'pending',
      label: ['申请上币', 'Request coin credit'],
      hint: [
        '上币需另一位操作员复核，复核通过后币记入该交易者的账户。',
        "A coin credit needs a second operator; once approved the coins reach the trader's account.",
      ],
      input: { amount: { currency: TRADE_COIN }, reason: { required: true, min: 2, max: 200 } },
      needsCode: true,
    },
    approveCredit: {
      from: ['pending'],
      to: 'none',
      label: ['复核通过(上币)', 'Approve credit'],
      confirm: [
        '确认上币？币将记入该交易者的账户。',
        "Approve the credit? The coins reach the trader's account.",
      ],
      needsCode: true,
      money: true,
      makerChecker: { requesterField: 'adjustBy' },
    },
    rejectCredit: {
      from: ['pending'],
      to: 'none',
      label: ['复核驳回(上币)', 'Reject credit'],
      input: { reason: { required: true, min: 2, max: 200 } },
      makerChecker: { requesterField: 'adjustBy' },
    },
  },
});

export const tradeMemberList = defineResource({
  name: 'tradeMemberList',
  group: 'tradeManage',
  page: 'memberList',
  pageList: true,
  api: '/api/trade/member',
  fields: {
    id: { type: 'number', list: true, sort: true },
    ...TRADER_FIELDS,
    coins: { type: 'money', list: true, virtual: true, currency: TRADE_COIN },
    frozenCoins: { type: 'money', list: true, virtual: true, currency: TRADE_COIN },
    openAds: { type: 'number', list: true, virtual: true },
    openOrders: { type: 'number', list: true, virtual: true },
    completedOrders: { type: 'number', list: true, virtual: true },
    largeAdLimit: { type: 'money', list: true, virtual: true, currency: TRADE_COIN },
    adjustStatus: { type: 'enum', list: true, filter: 'eq' },
    adjustAmount: { type: 'money', list: true, currency: TRADE_COIN },
    adjustReason: { type: 'string', list: true },
    adjustBy: { type: 'ref', list: true, ref: OPERATOR_REF },
    createdAt: { type: 'datetime', list: true, sort: true, filter: 'between' },
  },
  defaultSort: { field: 'createdAt', order: 'desc' },
  labelField: 'ownerCode',
  actions: ['list', 'export'],
  lifecycle: coinCreditLifecycle,
  labels: bilingual({
    ...fieldLabels('tradeMemberList', {
      id: ['编号', 'ID'],
      ownerType: ['交易者类型', 'Trader type'],
      ownerCode: ['交易者', 'Trader'],
      merchantId: ['商户', 'Merchant'],
      coins: ['可用币', 'Coins available'],
      frozenCoins: ['冻结币', 'Coins frozen'],
      openAds: ['挂单中广告', 'Open ads'],
      openOrders: ['进行中订单', 'Open orders'],
      completedOrders: ['已完成订单', 'Completed orders'],
      largeAdLimit: ['大额广告额度', 'Large-ad limit'],
      adjustStatus: ['上币状态', 'Credit status'],
      adjustAmount: ['待复核上币数量', 'Credit asked'],
      adjustReason: ['上币原因', 'Credit reason'],
      adjustBy: ['上币发起人', 'Credit requested by'],
      createdAt: ['首次交易时间', 'First activity'],
    }),
    ...traderEnumLabels('tradeMemberList'),
  }),
});
