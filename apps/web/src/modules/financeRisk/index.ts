/** The /financeRisk pages for the shell's page registry. */
import type { PageModule } from '../../app/lazy-pages.ts';
import { riskLevelsPages } from './risk-levels-index.ts';

export const financeRiskPages: Record<string, () => PageModule> = {
  ...riskLevelsPages,
};
