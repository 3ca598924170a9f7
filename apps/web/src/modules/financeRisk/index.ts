/** The /financeRisk pages for the shell's page registry: route path -> lazy page (a chunk per file). */
import { type PageModule, pagesOf } from '../../app/lazy-pages.ts';
import { riskLevelsPages } from './risk-levels-index.ts';

const lists = pagesOf(() => import('./risk-list-pages.tsx'));
const logs = pagesOf(() => import('./risk-log-pages.tsx'));

export const financeRiskPages: Record<string, () => PageModule> = {
  '/financeRisk/depositBlack': lists('DepositBlackPage'),
  '/financeRisk/depositWhite': lists('DepositWhitePage'),
  '/financeRisk/withdrawBlack': lists('WithdrawBlackPage'),
  '/financeRisk/withdrawWhite': lists('WithdrawWhitePage'),
  '/financeRisk/blackVcAddresList': lists('BlackVcAddressPage'),
  '/financeRisk/blackCard': lists('BlackCardPage'),
  '/financeRisk/mch_frozen_list': logs('FrozenListPage'),
  '/financeRisk/operationRecordList': logs('OperationRecordPage'),
  '/financeRisk/blackBlockLog': logs('BlackBlockLogPage'),
  '/financeRisk/blackBlockEmailLog': logs('BlackBlockEmailLogPage'),
  ...riskLevelsPages,
};
