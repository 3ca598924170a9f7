/** The /order group's resource definitions. */
export * from './auto-review.ts';
export * from './chain-transfer.ts';
export * from './deposit-order.ts';
export * from './fail-reason.ts';
export * from './log-report.ts';
export * from './mch-notify.ts';
export * from './order-event.ts';
export * from './place-log.ts';
export * from './place-log-codes.ts';
export * from './place-log-static.ts';
export * from './recommend-record.ts';
export * from './upstream-callback.ts';
export * from './usdt-common.ts';
export * from './usdt-deposit.ts';
export * from './usdt-withdraw.ts';
export * from './views.ts';
export * from './withdraw-order.ts';
