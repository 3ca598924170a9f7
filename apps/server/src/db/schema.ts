/** Every table of every module, for the Drizzle client and drizzle-kit. */
export * from '../modules/mockTrade/schema.ts';
export * from '../modules/sys/addr-pool.schema.ts';
export * from '../modules/sys/message.schema.ts';
export * from '../modules/sys/schema.ts';
