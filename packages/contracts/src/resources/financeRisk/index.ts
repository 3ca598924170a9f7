/** The /financeRisk group's resource definitions (lists and freezes; levels, tags and rules). */
export * from './block-email-log.ts';
export * from './block-log.ts';
export * from './cancel-records.ts';
export * from './frozen-list.ts';
export * from './gift.ts';
export * from './gift-dimensions.ts';
export * from './levels.ts';
export * from './merchant-risk.ts';
export * from './operation-record.ts';
export * from './risk-levels-resources.ts';
export * from './risk-lists.ts';
export * from './risk-rules.ts';
export * from './risk-values.ts';
export * from './tags.ts';

import { blackBlockEmailLog } from './block-email-log.ts';
import { blackBlockLog } from './block-log.ts';
import { mchFrozenList } from './frozen-list.ts';
import { operationRecordList } from './operation-record.ts';
import { RISK_LIST_PAGES } from './risk-lists.ts';

/** This branch's resources, in menu order (resources/index.ts spreads them into allResources). */
export const FINANCE_RISK_LIST_RESOURCES = [
  ...RISK_LIST_PAGES.map(([def]) => def),
  mchFrozenList,
  operationRecordList,
  blackBlockLog,
  blackBlockEmailLog,
];
