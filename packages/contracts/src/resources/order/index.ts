/** The /order group's resource definitions. */
export * from './deposit-order.ts';
export * from './recommend-record.ts';
export * from './withdraw-order.ts';
