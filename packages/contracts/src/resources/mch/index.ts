/** The /mch group's resource definitions. */
export * from './common.ts';
export * from './fund-log.ts';
export * from './mch-adjust.ts';
export * from './mch-list.ts';
export * from './mch-third-pay-config.ts';
export * from './merchant-timeout-config.ts';
