/** A lifecycle state's label in the operator's language (the labels live in the definition). */
import type { Locale, ResourceDef } from '@payops/contracts';

export function stateLabel(def: ResourceDef, state: string, locale: Locale): string {
  const field = def.lifecycle!.field;
  return def.labels[locale][`enum.${def.name}.${field}.${state}`] ?? state;
}
