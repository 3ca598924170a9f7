/** Column helpers for money-bearing tables: amounts and rates are numeric (never floats), times UTC. */
import { MONEY_INTEGER_DIGITS, MONEY_MAX_SCALE } from '@payops/contracts/decimal';
import { numeric, timestamp } from 'drizzle-orm/pg-core';

/**
 * numeric(28, 8): 20 integer digits and 8 decimals, built from the contracts' numbers so the amount
 * rule (contracts money.ts) and the columns cannot disagree.
 */
export const money = (name: string) =>
  numeric(name, { precision: MONEY_INTEGER_DIGITS + MONEY_MAX_SCALE, scale: MONEY_MAX_SCALE });
/** Fee and rebate rates as fractions (0.012 = 1.2 %). */
export const rate = (name: string) => numeric(name, { precision: 10, scale: 6 });
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
