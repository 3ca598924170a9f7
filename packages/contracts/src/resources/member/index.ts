/** The /member group's resource definitions. */
export * from './member-list.ts';
export * from './member-payment-list.ts';
export * from './member-records.ts';
export * from './rebate-orders.ts';
