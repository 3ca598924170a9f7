/** Lifecycle transitions: the registrar (routes), the single-record runner, and the history table. */
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
  beforeAndAfter,
  type EffectOutcome,
  type GateStep,
  gatedInsert,
  guardedUpdate,
  runTransition,
  type StatementPart,
  stateLabel,
  type TransitionHooks,
  type TransitionOutcome,
  type TransitionStep,
  withHistory,
} from './run.ts';
export { statusHistory } from './schema.ts';
