/** Lifecycle transitions: the registrar (routes), the single-record runner, and the history table. */
export {
  actorOf,
  registerTransitions,
  requireIdempotencyKey,
  runSystemTransition,
  type SystemTransitionOptions,
  type TransitionOptions,
} from './register.ts';
export {
  type Actor,
  type EffectOutcome,
  type GateStep,
  runTransition,
  stateLabel,
  type TransitionHooks,
  type TransitionOutcome,
  type TransitionStep,
} from './run.ts';
export { statusHistory } from './schema.ts';
