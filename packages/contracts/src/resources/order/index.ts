/** The /order group's resource definitions. */
export * from './auto-review.ts';
export * from './deposit-order.ts';
export * from './email-order.ts';
export * from './fail-reason.ts';
export * from './log-report.ts';
export * from './mch-notify.ts';
export * from './order-event.ts';
export * from './order-family.ts';
export * from './otc-orders.ts';
export * from './place-log.ts';
export * from './place-log-codes.ts';
export * from './place-log-static.ts';
export * from './recommend-record.ts';
export * from './settlement.ts';
export * from './upstream-callback.ts';
export * from './views.ts';
export * from './withdraw-order.ts';
