/**
 * What a transition's module gives the runners (run.ts, one-statement.ts, read-then-change.ts): who
 * runs it, the steps its hooks see, the hooks themselves (columns, checks, the effect and its forms in
 * SQL) and what a run answers.
 */
import type { Locale, TransitionBody, TransitionDef } from '@payops/contracts';
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context.ts';
import type { Row } from '../crud/index.ts';
import type { AppError } from '../errors.ts';
import type { Tx } from '../ledger/accounts.ts';
import type { PreparedEffect, PrepareStep } from './read-then-change.ts';

/** Who runs a transition: an operator, or the platform (a job: operatorId null). */
export interface Actor {
  operatorId: number | null;
  username: string;
  locale: Locale;
}

export interface TransitionStep {
  tx: Tx;
  transition: TransitionDef;
  /** The row before (locked), and after the guarded UPDATE. */
  before: Row;
  after: Row;
  body: TransitionBody;
  actor: Actor;
  now: Date;
  /** Whether the change's statement wrote the hooks' `rowsWithChange` (else the effect writes them). */
  rowsWritten?: boolean;
}

export interface EffectOutcome<R> {
  /** What the route answers in `effect` (typed by the hooks' `result` schema). */
  result?: R;
  /** Kept in the status history and the audit row (amounts, the journal entry). */
  extra?: Record<string, unknown>;
  /**
   * Work that locks a row every transaction of its kind needs (a merchant's balance row, by a ledger
   * posting whose entry id is already known), run as the transaction's last write, after the history
   * and audit rows: the lock is then held for the commit alone, not for the rows written after it.
   */
  last?: () => Promise<void>;
}

/** What a gate hook sees: the call before anything is locked or changed. */
export interface GateStep {
  tx: Tx;
  id: unknown;
  body: TransitionBody;
  actor: Actor;
  now: Date;
}

export interface TransitionHooks<R = unknown> {
  /**
   * A check whose refusal must leave a trace (a wrong one-time code uses up one of its tries): it runs
   * first, in the call's transaction, and refuses by returning an AppError instead of throwing; its
   * writes then commit (with the Idempotency-Key's answer, so a retry is answered the same) and the
   * route answers that error. runSystemTransition (a script) runs it too and throws its refusal.
   */
  gate?: (step: GateStep) => Promise<AppError | null>;
  /** More columns the guarded UPDATE sets (the checker, the decision time). */
  set?: (step: Omit<TransitionStep, 'after' | 'tx'>) => Row;
  /**
   * More columns the guarded UPDATE sets that the row before does not decide (a time, the caller's
   * values, an id drawn from a sequence as `sql`): unlike `set`, they keep the transition on the
   * lock-and-update path (one statement instead of a locking read and an UPDATE).
   */
  values?: (step: { body: TransitionBody; actor: Actor; now: Date }) => Row;
  /** Refusals a lifecycle cannot say (e.g. an operator disabling themself); throw to refuse. */
  check?: (step: Omit<TransitionStep, 'after'>) => void | Promise<void>;
  /**
   * `check` said as a condition on the row: where it holds, the check has nothing to refuse. The
   * transaction's path then locks and changes the row in one statement under it (lockAndUpdate); a
   * row outside it is not changed there, and the locking read and `check` run to say why.
   */
  checkWhere?: SQL;
  /** The business effect, in the same transaction (ledger postings, ending sessions). */
  effect?: (step: TransitionStep) => Promise<EffectOutcome<R> | undefined>;
  /**
   * The effect's `extra` said as expressions of the updated row (`upd.<column>`; `{}`: it has none).
   * With it, the lock-and-update statement writes the status-history row too, one round trip fewer;
   * the effect's own `extra` (for the audit row) must say the same of that row.
   */
  historyExtra?: Record<string, SQL>;
  /**
   * `check` and `effect` said in SQL, for the one-statement paths (one-statement.ts): a transition
   * whose check and effect can be said so keeps ONE statement (issue 9/10: confirm transitions/s).
   */
  statement?: StatementPart;
  /**
   * Rows the transaction's path writes with the change, in the lock-and-update statement (StatementPart's
   * `rows`: an order event), one round trip fewer. Where that statement is not the one that changes the
   * row (a locking read first), they are not written there: the effect says so (`step.rowsWritten`)
   * and must write them itself.
   */
  rowsWithChange?: StatementPart['rows'];
  /**
   * The effect made from the row before, as parts of one statement (read-then-change.ts): a system
   * transition outside a caller's transaction then reads the row and sends ONE statement (the change,
   * its rows, the ledger entry, the audit row) instead of a transaction. Null: not so this time (the
   * transaction's path runs `effect`). Must write what `effect` writes.
   */
  prepare?: (step: PrepareStep) => Promise<PreparedEffect | null>;
  /**
   * Work an operator's transition starts once it has committed, not awaited by the answer (a resent
   * callback's first attempt, which talks to the merchant over HTTP). A failure is logged; nothing
   * is undone.
   */
  committed?: (ctx: AppContext, id: unknown) => Promise<unknown>;
}

/**
 * A check and an effect as parts of the transition's one statement. `where`: the condition under which
 * the check has nothing to refuse and the effect nothing to do beyond `rows` (a record outside it is
 * not updated, and the caller takes the transaction's path, where the hooks run and say why). `rows`:
 * the effect's rows, written with the change by data-modifying CTEs gated on the UPDATE; each value
 * from what is known before (`values`, one placeholder per key) or an expression of the updated row
 * (`computed`: `upd.<column>`, `upd.old_status` for the state before).
 */
export interface StatementPart {
  where?: SQL;
  rows: {
    table: PgTable;
    values: (step: { id: unknown; body: TransitionBody; actor: Actor; now: Date }) => Row;
    computed?: Record<string, SQL>;
  }[];
}

export interface TransitionOutcome<R = unknown> {
  before: Row;
  after: Row;
  result: R | null;
  extra: Record<string, unknown>;
}
