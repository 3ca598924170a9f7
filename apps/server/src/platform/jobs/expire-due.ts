/**
 * The loop of every expiry job (pending adjustments, unpaid deposits...): read a batch of the records
 * past their deadline, oldest first, and move each on through a system transition in its own
 * transaction, so an operator's or a callback's transition racing the expiry wins or loses whole.
 */
import type { ResourceDef } from '@payops/contracts';
import { ErrorCode } from '@payops/contracts';
import { asc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { runSystemTransition } from '../transitions/index.ts';

export interface DueRecords {
  def: ResourceDef;
  table: PgTable;
  /** The table's key column (the transition's id). */
  key: PgColumn;
  /** What makes a record due: its open states and its deadline passed. */
  due: SQL | undefined;
  /** The order the batch is taken in (the deadline, or the key). */
  order: PgColumn;
  batch: number;
  /** The system transition that expires a record; default `expire`. */
  transition?: string;
  reason?: string;
}

/** Expires one batch of the due records; answers the ids it expired. */
export async function expireDue(ctx: AppContext, r: DueRecords): Promise<number[]> {
  const due = await ctx.db
    .select({ id: r.key })
    .from(r.table)
    .where(r.due)
    .orderBy(asc(r.order))
    .limit(r.batch);
  const expired: number[] = [];
  for (const { id } of due) {
    try {
      await runSystemTransition(
        ctx,
        r.def,
        r.transition ?? 'expire',
        id,
        r.reason ? { reason: r.reason } : {},
      );
      expired.push(id as number);
    } catch (e) {
      // Moved on meanwhile (paid, decided, cancelled): nothing left to expire.
      if (e instanceof AppError && e.code === ErrorCode.conflict) continue;
      throw e;
    }
  }
  return expired;
}
