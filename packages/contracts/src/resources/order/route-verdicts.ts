/**
 * What routing made of each candidate passage: a vocabulary of its own, without the definitions, so
 * the system texts (a failed order's reason names why no passage took it) do not load the pages.
 */
/** What became of one candidate passage (the `verdict` of each entry of `candidates`). */
export const ROUTE_VERDICT_LABELS = {
  chosen: ['已选中', 'Chosen'],
  upstream_error: ['上游错误', 'Upstream error'],
  not_tried: ['未尝试', 'Not tried'],
  failover_off: ['失败切换已关闭', 'Failover switched off'],
  agent_pay_off: ['代付配置已停用', 'Payout config off'],
  agent_pay_limit: ['超出代付配置限额', 'Outside payout config limits'],
  manual_payout: ['需人工出款', 'Pays out by hand'],
  passage_off: ['通道已关闭', 'Passage off'],
  third_party_off: ['三方已关闭', 'Third party off'],
  below_min: ['低于单笔最小金额', 'Below single minimum'],
  above_max: ['高于单笔最大金额', 'Above single maximum'],
  daily_cap: ['超出日限额', 'Daily cap reached'],
  down: ['通道故障', 'Passage down'],
  not_allowed: ['商户未开通', 'Not enabled for merchant'],
  no_adapter: ['接口类型不支持', 'Interface type unsupported'],
} as const satisfies Record<string, readonly [string, string]>;
export type RouteVerdict = keyof typeof ROUTE_VERDICT_LABELS;
