/**
 * The form rule of a money field: the contracts' amount rule (money.ts; decimals per currency, the
 * columns' range) when the field names its currency, else the columns' decimal shape, then the
 * field's limits. The same checks the server's edge runs, so both refuse the same amounts.
 */

import { compareDecimal, DECIMAL_PATTERN } from '@payops/contracts/decimal';
import { type AmountSign, amountMessage, checkAmount } from '@payops/contracts/money';
import type { FormRules } from '@payops/contracts/resource';
import type { Rule } from 'antd/es/form';
import { getLanguage } from '../lib/settings-store.ts';

type Message = (key: string, extra?: Record<string, unknown>) => string;

/** The amount rule's verdict on a text as the operator's sentence ("<label> must have at most 2 decimals"). */
export function amountProblemText(text: string, currency: string, sign: AmountSign, label: string) {
  const problem = checkAmount(text, currency, sign);
  if (!problem) return null;
  const locale = getLanguage();
  return `${label}${locale === 'en-US' ? ' ' : ''}${amountMessage(problem, locale)}`;
}

/** `shown` writes a limit as the operator reads it (a rate's '1' as 100%). */
export function moneyRule(
  rules: FormRules,
  currency: string | undefined,
  label: string,
  rule: Message,
  shown: (limit: string) => string = (limit) => limit,
): Rule {
  return {
    validator: async (_, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      const text = String(value).trim();
      if (currency) {
        const problem = amountProblemText(text, currency, 'any', label);
        if (problem) throw new Error(problem);
      } else if (!DECIMAL_PATTERN.test(text)) throw new Error(rule('decimal'));
      if (rules.minAmount !== undefined && compareDecimal(text, rules.minAmount) < 0) {
        throw new Error(rule('minValue', { min: shown(rules.minAmount) }));
      }
      if (rules.maxAmount !== undefined && compareDecimal(text, rules.maxAmount) > 0) {
        throw new Error(rule('maxValue', { max: shown(rules.maxAmount) }));
      }
    },
  };
}
