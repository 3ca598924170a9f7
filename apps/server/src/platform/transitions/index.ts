/** Lifecycle transitions: the registrar (routes), the single-record runner, and the history table. */

export { type ChangePart, type PreparedEffect, type PrepareStep, rowPart } from './read-then-change.ts';
export {
  actorOf,
  registeredResource,
  registerTransitions,
  requireIdempotencyKey,
  runSystemTransition,
  type SystemTransitionOptions,
  systemActor,
  systemAuditRow,
  type TransitionOptions,
} from './register.ts';
export {
  type Actor,
  type EffectOutcome,
  type GateStep,
  runTransition,
  type StatementPart,
  stateLabel,
  type TransitionHooks,
  type TransitionOutcome,
  type TransitionStep,
} from './run.ts';
export { statusHistory } from './schema.ts';
export { beforeAndAfter, gatedInsert, guardedUpdate, withHistory } from './statements.ts';
