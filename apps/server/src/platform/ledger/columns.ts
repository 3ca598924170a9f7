/** Column helpers for money-bearing tables: amounts and rates are numeric (never floats), times UTC. */
import { numeric, timestamp } from 'drizzle-orm/pg-core';

/** 20 integer digits and 8 decimals: the decimal-string format of the contracts (DECIMAL_PATTERN). */
export const money = (name: string) => numeric(name, { precision: 28, scale: 8 });
/** Fee and rebate rates as fractions (0.012 = 1.2 %). */
export const rate = (name: string) => numeric(name, { precision: 10, scale: 6 });
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
