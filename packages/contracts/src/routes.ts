/**
 * The spec's whole route table (product-spec §2) as data. One tree drives the server's menu, the web
 * router, the breadcrumb, the page titles and the page permissions. Names keep the spec's spelling.
 */

export type Role = 'admin' | 'editor';

export interface RouteChild {
  /** The spec's route name, also the last path segment. */
  name: string;
  /** Full path, e.g. `/mch/mchList`. */
  path: string;
  /** i18n key of the title: `route.<group>.<name>`. */
  titleKey: string;
  /** Roles in the route metadata; empty means the spec lists none. */
  roles: readonly Role[];
  /** Kept alive when switching tabs. */
  cache: boolean;
  /** The spec uses its generic placeholder page here. */
  placeholder?: boolean;
  /** Wallet cashier pages: in the menu only for the staff named in the back-office config. */
  staffOnly?: boolean;
  /** A group's redirect target the spec does not list among its children: routed, not in the menu. */
  menuHidden?: boolean;
}

export interface RouteGroup {
  name: string;
  path: string;
  redirect: string;
  /** i18n key of the group title: `route.<group>._`. */
  titleKey: string;
  /** Name of an @ant-design/icons icon. */
  icon: string;
  children: readonly RouteChild[];
}

const BOTH: readonly Role[] = ['admin', 'editor'];

function child(
  group: string,
  name: string,
  roles: readonly Role[],
  extra: Partial<RouteChild> = {},
): RouteChild {
  return {
    name,
    path: `/${group}/${name}`,
    titleKey: `route.${group}.${name}`,
    roles,
    cache: true,
    ...extra,
  };
}

export const DASHBOARD_PATH = '/dashboard';
export const LOGIN_PATH = '/login';

/** The menu groups, in menu order. */
export const routeGroups: readonly RouteGroup[] = [
  {
    name: 'sys',
    path: '/sys',
    redirect: '/sys/addrPoolFlowList',
    titleKey: 'route.sys._',
    icon: 'SettingOutlined',
    children: [
      child('sys', 'addrPoolFlowList', BOTH, { placeholder: true }),
      child('sys', 'user', BOTH),
      child('sys', 'role', BOTH),
      child('sys', 'resource', BOTH),
      child('sys', 'opearlog', BOTH),
      child('sys', 'login_log', BOTH),
      child('sys', 'addrPool', BOTH, { placeholder: true }),
      child('sys', 'blackIp', BOTH),
      child('sys', 'whiteIp', BOTH),
      child('sys', 'sysBackConfig', BOTH),
      child('sys', 'message', BOTH),
    ],
  },
  {
    name: 'mockOrderTest',
    path: '/mockOrderTest',
    redirect: '/mockOrderTest/mockOrderTestSon',
    titleKey: 'route.mockOrderTest._',
    icon: 'ExperimentOutlined',
    children: [child('mockOrderTest', 'mockOrderTestSon', BOTH)],
  },
  {
    name: 'tradeMock',
    path: '/tradeMock',
    redirect: '/tradeMock/tradeMockSon',
    titleKey: 'route.tradeMock._',
    icon: 'ThunderboltOutlined',
    children: [child('tradeMock', 'tradeMockSon', BOTH)],
  },
  {
    name: 'mch',
    path: '/mch',
    redirect: '/mch/mchList',
    titleKey: 'route.mch._',
    icon: 'ShopOutlined',
    children: [
      child('mch', 'mchList', BOTH),
      child('mch', 'mchThirdPayConfig', BOTH),
      child('mch', 'mchThirdAgentPayConfig', BOTH),
      child('mch', 'fund_log', BOTH),
      child('mch', 'merchantTimeoutConfigPage', BOTH),
    ],
  },
  {
    name: 'member',
    path: '/member',
    redirect: '/member/memberList',
    titleKey: 'route.member._',
    icon: 'TeamOutlined',
    children: [
      child('member', 'memberList', BOTH),
      child('member', 'payFundOrderPage', BOTH),
      child('member', 'transFundOrderPage', BOTH),
      child('member', 'financialRecordPage', BOTH),
      child('member', 'matchRecordPage', BOTH),
      child('member', 'memberPaymentList', BOTH),
    ],
  },
  {
    name: 'order',
    path: '/order',
    redirect: '/order/orderTransferList',
    titleKey: 'route.order._',
    icon: 'FileTextOutlined',
    children: [
      child('order', 'orderTransferList', BOTH),
      child('order', 'orderDepositList', BOTH),
      child('order', 'orderDepositListMatch', BOTH),
      child('order', 'orderTransferListMatch', BOTH),
      child('order', 'orderDetainList', BOTH),
      child('order', 'orderDepositListOTC', BOTH),
      child('order', 'orderTransferListOTC', BOTH),
      child('order', 'receiveList', BOTH, { placeholder: true }),
      child('order', 'mchNotify', BOTH, { placeholder: true }),
      child('order', 'addressFlow', BOTH),
      child('order', 'orderFailReason', BOTH),
      child('order', 'orderDepositListUSDT', BOTH),
      child('order', 'orderTransferListUSDT', BOTH),
      child('order', 'orderDepositListZHOTC', BOTH),
      child('order', 'orderTransferListZHOTC', BOTH),
      child('order', 'addressFlowList', BOTH),
      child('order', 'auditRecordList', BOTH),
      child('order', 'orderPlaceLogPage', BOTH),
      child('order', 'orderPlaceLogMatchPage', BOTH),
      child('order', 'logReport', BOTH),
      child('order', 'findTransferMatchByPage', BOTH),
      child('order', 'otcPayOrderPage', BOTH),
      child('order', 'reconciliationPage', BOTH),
      child('order', 'pageSettle', BOTH),
      child('order', 'orderRecordPage', BOTH),
      child('order', 'emailOrderList', BOTH),
      child('order', 'tradeMatchBuyOrderList', BOTH),
      child('order', 'ordinaryDeposits', BOTH),
      child('order', 'recommendRecordList', BOTH),
      child('order', 'orderPlaceLogStatic', BOTH),
    ],
  },
  {
    name: 'financeRisk',
    path: '/financeRisk',
    redirect: '/financeRisk/financeTabList',
    titleKey: 'route.financeRisk._',
    icon: 'SafetyOutlined',
    children: [
      child('financeRisk', 'financeTabList', []),
      child('financeRisk', 'findLevelFixedPage', []),
      child('financeRisk', 'depositBlack', []),
      child('financeRisk', 'withdrawBlack', []),
      child('financeRisk', 'withdrawWhite', []),
      child('financeRisk', 'depositWhite', []),
      child('financeRisk', 'blackVcAddresList', []),
      child('financeRisk', 'blackCard', []),
      child('financeRisk', 'mch_frozen_list', []),
      child('financeRisk', 'credit_level', []),
      child('financeRisk', 'macth_level', []),
      child('financeRisk', 'operationRecordList', []),
      child('financeRisk', 'blackBlockLog', []),
      child('financeRisk', 'findByPage', []),
      child('financeRisk', 'depositDayReportSum', []),
      child('financeRisk', 'giftRiskLogPage', []),
      child('financeRisk', 'giftRiskConfigPage', []),
      child('financeRisk', 'orderCancelRecordList', BOTH),
      child('financeRisk', 'blackBlockEmailLog', BOTH),
    ],
  },
  {
    name: 'payManage',
    path: '/payManage',
    redirect: '/payManage/deposit_thirdpay_list',
    titleKey: 'route.payManage._',
    icon: 'CreditCardOutlined',
    children: [
      child('payManage', 'deposit_thirdpay_list', BOTH),
      child('payManage', 'withdraw_thirdpay_list', BOTH),
      child('payManage', 'withdraw_paypassage_list', BOTH),
      child('payManage', 'deposit_thirdagentpay_list', BOTH),
      child('payManage', 'thirdbank_list', BOTH),
      child('payManage', 'match_ordersplit_mch_List', BOTH),
      child('payManage', 'match_rule_list', BOTH),
      child('payManage', 'interfacet_list', BOTH),
      child('payManage', 'pay_otherconfig_all', BOTH),
      child('payManage', 'thirdwithdraw_list', BOTH),
      child('payManage', 'third_interfacet_list', BOTH),
      child('payManage', 'thirdconfigList', BOTH),
      child('payManage', 'config', BOTH),
      child('payManage', 'emailConfigList', BOTH),
      child('payManage', 'emailAssignList', BOTH),
      child('payManage', 'autoReviewList', BOTH),
      child('payManage', 'findMatchPoolPage', BOTH),
    ],
  },
  {
    name: 'financeReport',
    path: '/financeReport',
    redirect: '/financeReport/day_report_mertchant_page',
    titleKey: 'route.financeReport._',
    icon: 'BarChartOutlined',
    children: [
      child('financeReport', 'day_report_mertchant_page', BOTH),
      child('financeReport', 'passage_report_day_page', BOTH),
      child('financeReport', 'day_report_member_page', BOTH),
      child('financeReport', 'orderfee_list_report', BOTH),
      child('financeReport', 'orderfee_list', BOTH),
      child('financeReport', 'normalDepositList', BOTH),
      child('financeReport', 'normalWithdrawList', BOTH),
      child('financeReport', 'matchDepositList', BOTH),
      child('financeReport', 'matchWithdrawList', BOTH),
      child('financeReport', 'virtualDepositList', BOTH),
      child('financeReport', 'virtualWithdrawList', BOTH),
      child('financeReport', 'matchDayReportSum', BOTH),
      child('financeReport', 'matchingWithdrawalTimeStatisticsQuery', BOTH),
      child('financeReport', 'thirdPushDayReportSum', BOTH),
      child('financeReport', 'transferAmountStatistics', BOTH),
      child('financeReport', 'mchMatchSynRecordReport', BOTH),
      child('financeReport', 'thirdReportSum', BOTH),
      child('financeReport', 'matchReportSum', BOTH),
      child('financeReport', 'thirdErrorSum', BOTH),
      child('financeReport', 'normalLevelReport', BOTH),
      child('financeReport', 'paymentTimeStatisticsPage', BOTH),
      child('financeReport', 'firstDepositRetentionReport', BOTH),
      child('financeReport', 'firstDepositLevelRetentionReport', BOTH),
      child('financeReport', 'depositTypeAnalysis', BOTH),
      child('financeReport', 'firstDepositChannelStatistics', BOTH),
    ],
  },
  {
    name: 'tradeManage',
    path: '/tradeManage',
    redirect: '/tradeManage/memberList',
    titleKey: 'route.tradeManage._',
    icon: 'SwapOutlined',
    children: [
      child('tradeManage', 'trade_pool_config_page', BOTH),
      child('tradeManage', 'trade_rule_config_page', BOTH),
      child('tradeManage', 'trade_buy_order_page', BOTH),
      child('tradeManage', 'trade_sell_order_page', BOTH),
      child('tradeManage', 'trade_rec_page', BOTH),
      child('tradeManage', 'trade_approve_order_page', BOTH),
      child('tradeManage', 'findForcePushLogByPage', BOTH),
      child('tradeManage', 'trade_push_rec_page', BOTH),
      child('tradeManage', 'tradeBlackBlockLog', BOTH),
      child('tradeManage', 'tradeOrderTimeout', BOTH),
      child('tradeManage', 'buyorderApplyPage', BOTH),
      child('tradeManage', 'sellorderApplyPage', BOTH),
      child('tradeManage', 'tradeOperateLog', BOTH),
      child('tradeManage', 'tradeBuyApplyLogPage', BOTH),
      child('tradeManage', 'tradeSellApplyLogPage', BOTH),
      child('tradeManage', 'adMatchDayReportSum', BOTH),
      child('tradeManage', 'userMatchDayReportSum', BOTH),
      child('tradeManage', 'counterpartyStatistics', BOTH),
      child('tradeManage', 'userProcessReportSum', BOTH),
      child('tradeManage', 'adProcessReportSum', BOTH),
      child('tradeManage', 'mchTradeSynRecordReport', BOTH),
      child('tradeManage', 'tradeBlackLogPage', BOTH),
      child('tradeManage', 'memberList', BOTH, { menuHidden: true }),
    ],
  },
  {
    name: 'wallet',
    path: '/wallet',
    redirect: '/wallet/disputeOrderPage',
    titleKey: 'route.wallet._',
    icon: 'WalletOutlined',
    children: [
      child('wallet', 'disputeOrderPage', BOTH),
      child('wallet', 'walletFindByPage', BOTH),
      child('wallet', 'walletPayTypeInfoPage', BOTH),
      child('wallet', 'walletPageFundLog', BOTH),
      child('wallet', 'emailConfigListWallet', BOTH),
      child('wallet', 'emailOrderListWallet', BOTH),
      child('wallet', 'walletTradeBuyOrderPage', BOTH),
      child('wallet', 'walletTradeSellOrderPage', BOTH),
      child('wallet', 'sellConfigPage', BOTH),
      child('wallet', 'imMsgListOfBuy', BOTH),
      child('wallet', 'imMsgListOfSell', BOTH),
      child('wallet', 'virtualOrderConfigPage', BOTH),
      child('wallet', 'sellSplitQuery', BOTH),
      child('wallet', 'fixedCodeConfigPage', BOTH),
      child('wallet', 'payTypePage', BOTH),
      child('wallet', 'withdrawTypePage', BOTH),
      child('wallet', 'counterPaymentPage', BOTH, { staffOnly: true }),
      child('wallet', 'counterPaymentSmsPage', BOTH, { staffOnly: true }),
      child('wallet', 'counterPaymenLogtPage', BOTH, { staffOnly: true }),
    ],
  },
];

/** Every child route, flat. */
export const allPages: readonly (RouteChild & { group: string })[] = routeGroups.flatMap((g) =>
  g.children.map((c) => ({ ...c, group: g.name })),
);

/** Permission id of a page (also the permission to read its list): `<group>.<name>`. */
export function pagePermission(group: string, name: string): string {
  return `${group}.${name}`;
}

export function findPage(path: string): (RouteChild & { group: string }) | undefined {
  return allPages.find((p) => p.path === path);
}
