/** The /financeRisk group's resource definitions (lists, freezes and their logs; levels join later). */
export * from './block-log.ts';
export * from './frozen-list.ts';
export * from './operation-record.ts';
export * from './risk-lists.ts';
export * from './risk-values.ts';

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
];
