/** The jobs of the levels and rules: the level job, the auto-blacklist rules, the merchant-risk rollup. */
import { riskRulesJob } from './auto-blacklist.ts';
import { levelJob } from './levels.job.ts';
import { merchantRiskJob } from './merchant-risk.ts';

export const RISK_LEVELS_JOBS = [levelJob, riskRulesJob, merchantRiskJob];
