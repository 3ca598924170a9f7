/** The /financeRisk group's resource definitions. */
export * from './cancel-records.ts';
export * from './gift.ts';
export * from './levels.ts';
export * from './merchant-risk.ts';
export * from './risk-levels-resources.ts';
export * from './risk-rules.ts';
export * from './tags.ts';
