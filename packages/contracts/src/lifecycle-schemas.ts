/**
 * The strict body of a transition, built from its input spec: the record's key, and only the inputs
 * the transition declares (a `balance` or a `status` in the body is refused, ASVS 15.3.3).
 * Refinements carry `key:argument` messages that the server turns into the operator's language.
 */
import { z } from 'zod';
import { currencyAmountSchema } from './amount-schema.ts';
import { id4, safeString } from './input-rules.ts';
import type { TransitionDef } from './lifecycle.ts';
import type { FieldDef, ResourceDef } from './resource.ts';

export function transitionBodySchema(def: ResourceDef, t: TransitionDef) {
  const keyField = (def.fields as Record<string, FieldDef>)[def.key];
  const shape: Record<string, z.ZodType> = {
    [def.key]: keyField?.type === 'string' ? safeString().min(1).max(255) : id4(),
  };
  const { reason, amount, code } = t.input;
  if (reason) {
    const text = safeString().trim().min(reason.min).max(reason.max);
    shape.reason = reason.required ? text : text.optional();
  }
  if (amount) shape.amount = currencyAmountSchema(amount.currency, 'positive');
  if (code) {
    const digits = new RegExp(`^\\d{${code.digits}}$`);
    shape.code = z.string().refine((v) => digits.test(v), `digits:${code.digits}`);
  }
  return z.strictObject(shape);
}

export type TransitionBody = { reason?: string; amount?: string; code?: string } & Record<string, unknown>;
