/**
 * antd Form rules from a field's form rules (contracts' FormRules), mirroring what the server's
 * add/edit schemas check (resource-schemas.ts) so the operator hears about a mistake before the
 * request, in their language. The server stays the judge: these only save a round trip.
 */

import { fractionToPercent } from '@payops/contracts/percent';
import { type FieldDef, fixedCurrency } from '@payops/contracts/resource';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { moneyRule } from './money-rule.ts';

const STRING_MAX = 255;
const TEXT_MAX = 4000;

const blank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

export function fieldRules(field: FieldDef, t: TFunction): Rule[] {
  const rules = field.form ?? {};
  const label = t(field.label);
  const rule = (key: string, extra: Record<string, unknown> = {}) =>
    t(`engine.rule.${key}`, { label, ...extra });
  const out: Rule[] = [];
  if (rules.required) {
    const textual = field.type === 'string' || field.type === 'text';
    out.push({
      required: true,
      message: rule('required'),
      // Switches and numbers are never blank strings; only text is trimmed before judging.
      whitespace: textual,
      // Without a type the validator judges the value as a string: a number (weight, a ref id) would
      // fail with this rule's "required" message although it is filled in. Others: present or not.
      ...(textual
        ? {}
        : {
            validator: (_: unknown, v: unknown) =>
              blank(v) ? Promise.reject(new Error(rule('required'))) : Promise.resolve(),
          }),
    });
  }
  switch (field.type) {
    case 'string':
    case 'text':
    case 'image': {
      const max = rules.max ?? (field.type === 'string' ? STRING_MAX : TEXT_MAX);
      out.push({ max, message: rule('maxLength', { max }) });
      if (rules.min !== undefined)
        out.push({ min: rules.min, message: rule('minLength', { min: rules.min }) });
      if (rules.pattern)
        out.push({
          pattern: new RegExp(`^(?:${rules.pattern})$`),
          message: rules.patternMessage ? t(rules.patternMessage, { label }) : rule('pattern'),
        });
      break;
    }
    case 'number':
      out.push({ type: 'integer', message: rule('integer') });
      if (rules.min !== undefined) {
        out.push({ type: 'number', min: rules.min, message: rule('minValue', { min: rules.min }) });
      }
      if (rules.max !== undefined) {
        out.push({ type: 'number', max: rules.max, message: rule('maxValue', { max: rules.max }) });
      }
      break;
    case 'money': {
      // A rate's limits are fractions ('1'); the operator reads and types percentages (100%).
      const shown = field.display === 'percent' ? (v: string) => `${fractionToPercent(v)}%` : undefined;
      out.push(moneyRule(rules, fixedCurrency(field), label, rule, shown));
      break;
    }
    case 'json':
      out.push({
        validator: async (_, value: unknown) => {
          if (typeof value !== 'string' || value.trim() === '') return;
          try {
            JSON.parse(value);
          } catch {
            throw new Error(rule('json'));
          }
        },
      });
      break;
    default:
      break;
  }
  return out;
}
