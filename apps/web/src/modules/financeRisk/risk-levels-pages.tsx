/**
 * The /financeRisk pages of levels, tags, rules, gift risk, merchant risk and cancellations: each is
 * its definition rendered whole. The rules page also lists the rules' firings (confirm is their
 * lifecycle's transition; lifting is the black-list page's). The tag page is its own chunk (tag-page.tsx).
 */
import { orderCancelRecordList } from '@payops/contracts/resources/financeRisk/cancel-records';
import { giftRiskConfigPage, giftRiskLogPage } from '@payops/contracts/resources/financeRisk/gift';
import { creditLevel, levelFixed, matchLevel } from '@payops/contracts/resources/financeRisk/levels';
import { depositDayReportSum } from '@payops/contracts/resources/financeRisk/merchant-risk';
import { riskConditions, riskRuleHits } from '@payops/contracts/resources/financeRisk/risk-rules';
import { ResourcePage } from '../../engine/resource-page.tsx';

export const CreditLevelPage = () => <ResourcePage def={creditLevel} />;
export const MatchLevelPage = () => <ResourcePage def={matchLevel} />;
export const LevelFixedPage = () => <ResourcePage def={levelFixed} />;
export const GiftRiskConfigPage = () => <ResourcePage def={giftRiskConfigPage} />;
export const GiftRiskLogPage = () => <ResourcePage def={giftRiskLogPage} />;
export const DepositDayReportSumPage = () => <ResourcePage def={depositDayReportSum} />;
export const OrderCancelRecordPage = () => <ResourcePage def={orderCancelRecordList} />;

export function RiskConditionsPage() {
  return (
    <>
      <ResourcePage def={riskConditions} />
      <ResourcePage def={riskRuleHits} />
    </>
  );
}
