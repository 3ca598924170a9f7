/** The pages of levels, tags, rules, gift risk, merchant risk and cancellations (h/risklevels). */
import { orderCancelRecordList } from './cancel-records.ts';
import { giftRiskConfigPage, giftRiskLogPage } from './gift.ts';
import { creditLevel, levelFixed, matchLevel } from './levels.ts';
import { depositDayReportSum } from './merchant-risk.ts';
import { riskConditions, riskRuleHits } from './risk-rules.ts';
import { financeTabList } from './tags.ts';

/** The levels, tags, rules, gift and merchant-risk pages (issue 13, h/risklevels). */
export const RISK_LEVELS_RESOURCES = [
  financeTabList,
  levelFixed,
  creditLevel,
  matchLevel,
  riskConditions,
  riskRuleHits,
  depositDayReportSum,
  giftRiskLogPage,
  giftRiskConfigPage,
  orderCancelRecordList,
] as const;
