/**
 * Lifecycles as data (issue 9, "State machines and transitions"): the states of an entity with their
 * tag colours and labels, and the transitions between them with what each needs (a reason, an amount,
 * a code, a second operator, an Idempotency-Key). One declaration feeds the server's transition
 * registrar (guarded UPDATE ... WHERE status = ANY(from)), the web's row buttons and input dialogs,
 * and the permission catalogue: each transition is a row action of its resource.
 *
 * No zod here (the web's list pages import this file); body schemas are in lifecycle-schemas.ts.
 */

/** A label in both languages, written on one line: [zh-CN, en-US]. */
export type Bilingual = readonly [zh: string, en: string];

export interface StateInput {
  /** antd Tag colour (preset name or hex). */
  color: string;
  label: Bilingual;
}

/** What the operator types when running a transition; the server's strict body is built from it. */
export interface TransitionInputSpec {
  /** A reason, recorded in the status history and the audit row. */
  reason?: { required: boolean; min: number; max: number };
  /** An amount above zero in `currency`, under that currency's amount rule (money.ts). */
  amount?: { currency: string };
  /**
   * A one-time code the customer was sent (an SMS code), `digits` long: checked by the module (the
   * registrar's `gate` hook), never kept in the status history or the audit row.
   */
  code?: { digits: number };
}

export interface TransitionInput<S extends string> {
  from: readonly S[];
  to: S;
  /**
   * The row's field naming the state to return to (a release from a risk hold goes back to where the
   * order was): the guarded UPDATE sets the status from it, and `to` is only the fallback when it is
   * empty. The transition that leaves for the hold records that field (its `set` hook).
   */
  back?: string;
  label: Bilingual;
  /** Asked before sending when the transition takes no input. */
  confirm?: Bilingual;
  /** Shown at the top of the input dialog (what happens, and to what). */
  hint?: Bilingual;
  input?: TransitionInputSpec;
  needsCode?: boolean;
  /**
   * A second operator decides: `requesterField` is the row's field holding the maker's operator id,
   * and the maker is refused (by the guarded UPDATE) and sees no button.
   */
  makerChecker?: { requesterField: string };
  /** Moves money: an Idempotency-Key is required (and a missing one refused). */
  money?: boolean;
  /** Another permission id than `<group>.<page>.<name>` (keeps existing grants working). */
  permission?: string;
  /** Run by the platform (a job), never by an operator: no route and no button. */
  system?: boolean;
  /**
   * The button shows only on rows whose `field` holds one of `in`, beside the state (e.g. a decision
   * about the line's order only where the line has one); the server's check hook refuses the rest.
   */
  when?: { field: string; in: readonly (string | number | boolean)[] };
}

export interface LifecycleInput<S extends string> {
  /** The status field of the resource; default `status`. */
  field?: string;
  states: Record<S, StateInput>;
  transitions: Record<string, TransitionInput<NoInfer<S>>>;
  /** Edit and remove apply only in these states (a published message is final). */
  editableIn?: readonly NoInfer<S>[];
  /**
   * A rule across the transitions beside their `from` states (an order's family decides which steps
   * it takes): the web shows a transition's button only where it allows it; the server's check hook
   * refuses the rest with its reason.
   */
  allows?: (transition: string, row: Record<string, unknown>) => boolean;
}

export interface TransitionDef {
  name: string;
  from: readonly string[];
  to: string;
  /** The row's field holding the state to go back to (see TransitionInput.back), or null. */
  back: string | null;
  input: TransitionInputSpec;
  needsCode: boolean;
  makerChecker: { requesterField: string } | null;
  money: boolean;
  /** An Idempotency-Key is required: every money-moving transition. */
  idempotent: boolean;
  system: boolean;
  permission: string | null;
  /** i18n keys. */
  label: string;
  confirm: string | null;
  hint: string | null;
}

export interface LifecycleDef {
  field: string;
  /** In declaration order: the status field's enum options. */
  states: readonly { value: string; color: string }[];
  transitions: Record<string, TransitionDef>;
  editableIn: readonly string[] | null;
  allows: ((transition: string, row: Record<string, unknown>) => boolean) | null;
}

/** Keeps the state names as a type, so `from` and `to` can only name declared states. */
export function defineLifecycle<const S extends string>(input: LifecycleInput<S>): LifecycleInput<S> {
  return input;
}

/** The normalised lifecycle of a resource and the labels it adds (`enum.*`, `action.*`, ...). */
export function normaliseLifecycle(
  resource: string,
  input: LifecycleInput<string>,
): { lifecycle: LifecycleDef; labels: Record<string, Bilingual> } {
  const field = input.field ?? 'status';
  const own = stateField(resource, field, input.states as Record<string, StateInput>);
  const labels: Record<string, Bilingual> = { ...own.labels };
  const states = own.options;
  const known = new Set(states.map((s) => s.value));
  const transitions: Record<string, TransitionDef> = {};
  for (const [name, t] of Object.entries(input.transitions)) {
    for (const s of [...t.from, t.to]) {
      if (!known.has(s)) throw new Error(`${resource}.${name}: unknown state ${s}`);
    }
    const label = `action.${resource}.${name}`;
    labels[label] = t.label;
    const confirm = t.confirm ? `confirm.${resource}.${name}` : null;
    if (t.confirm && confirm) labels[confirm] = t.confirm;
    const hint = t.hint ? `hint.${resource}.${name}` : null;
    if (t.hint && hint) labels[hint] = t.hint;
    transitions[name] = {
      name,
      from: t.from,
      to: t.to,
      back: t.back ?? null,
      input: t.input ?? {},
      needsCode: t.needsCode ?? false,
      makerChecker: t.makerChecker ?? null,
      money: t.money ?? false,
      idempotent: t.money ?? false,
      system: t.system ?? false,
      permission: t.permission ?? null,
      label,
      confirm,
      hint,
    };
  }
  const lifecycle = {
    field,
    states,
    transitions,
    editableIn: input.editableIn ?? null,
    allows: input.allows ?? null,
  };
  return { lifecycle, labels };
}

/**
 * A field naming states of a lifecycle (its own status field, or other records' states: a state
 * before a cancellation, a bad ending): its enum options and their labels, coloured and worded as
 * those lifecycles do.
 */
export function stateField(
  resource: string,
  field: string,
  states: Record<string, StateInput>,
): { options: { value: string; color: string }[]; labels: Record<string, Bilingual> } {
  const entries = Object.entries(states);
  return {
    options: entries.map(([value, s]) => ({ value, color: s.color })),
    labels: Object.fromEntries(entries.map(([value, s]) => [`enum.${resource}.${field}.${value}`, s.label])),
  };
}

/** Whether the transition takes input (and so opens a dialog rather than a confirmation). */
export function hasInput(t: TransitionDef): boolean {
  return !!(t.input.reason || t.input.amount || t.input.code);
}

/**
 * Whether an operator may run the transition on a row as it is now: the row is in one of its `from`
 * states and, under maker-checker, the operator is not the maker. The server decides again in its
 * guarded UPDATE; this is for showing buttons only where they can work.
 */
export function transitionApplies(
  lifecycle: LifecycleDef,
  t: TransitionDef,
  row: Record<string, unknown>,
  operatorId: number | undefined,
): boolean {
  if (t.system || !t.from.includes(String(row[lifecycle.field]))) return false;
  if (lifecycle.allows && !lifecycle.allows(t.name, row)) return false;
  return !t.makerChecker || operatorId === undefined || row[t.makerChecker.requesterField] !== operatorId;
}

/** The parts of an action and its resource that decide whether it applies to a row. */
interface ActionOnRow {
  name: string;
  transition: string | null;
  when: { field: string; in: readonly (string | number | boolean)[] } | null;
}

/**
 * Whether a row action applies to a row as it is now (the web shows only these): a transition from
 * the row's state (not the maker's own request under maker-checker), a flag action whose `when`
 * matches, edit and remove only in the lifecycle's editable states. One rule for every page.
 */
export function actionApplies(
  lifecycle: LifecycleDef | null,
  action: ActionOnRow,
  row: Record<string, unknown>,
  operatorId: number | undefined,
): boolean {
  if (action.transition) {
    const t = lifecycle?.transitions[action.transition];
    if (!t || !transitionApplies(lifecycle!, t, row, operatorId)) return false;
    return !action.when || action.when.in.includes(row[action.when.field] as string | number | boolean);
  }
  if (action.when) return action.when.in.includes(row[action.when.field] as string | number | boolean);
  if ((action.name === 'edit' || action.name === 'remove') && lifecycle?.editableIn) {
    return lifecycle.editableIn.includes(String(row[lifecycle.field]));
  }
  return true;
}
