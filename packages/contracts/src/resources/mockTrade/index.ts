export * from './mock-order-test.ts';
export * from './mock-traders.ts';
export * from './permissions.ts';
