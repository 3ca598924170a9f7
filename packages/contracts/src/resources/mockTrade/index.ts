export * from './mock-order-test.ts';
export * from './mock-traders.ts';
export * from './permissions.ts';
export * from './trade-mock-ad-views.ts';
export * from './trade-mock-views.ts';
