/** The ledger: accounts, guarded postings, reversing entries, bulk posting and verification. */
export * from './accounts.ts';
export * from './bulk.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './post.ts';
export * from './reverse.ts';
export * from './schema.ts';
export * from './verify.ts';
