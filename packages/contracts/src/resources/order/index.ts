/** The /order group's resource definitions. */
export * from './auto-review.ts';
export * from './deposit-order.ts';
export * from './mch-notify.ts';
export * from './order-event.ts';
export * from './recommend-record.ts';
export * from './withdraw-order.ts';
