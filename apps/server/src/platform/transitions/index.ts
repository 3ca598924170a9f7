/** Lifecycle transitions: the registrar (routes), the single-record runner, and the history table. */

export { stateLabel } from '../state-label.ts';
export type {
  Actor,
  EffectOutcome,
  GateStep,
  StatementPart,
  TransitionHooks,
  TransitionOutcome,
  TransitionStep,
} from './hooks.ts';
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
export { runTransition } from './run.ts';
export { statusHistory } from './schema.ts';
export { beforeAndAfter, gatedInsert, guardedUpdate, withHistory } from './statements.ts';
