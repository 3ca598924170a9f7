/**
 * The zod form of the amount rule (money.ts) for request bodies: a decimal string checked against its
 * currency's scale and the columns' range. A refusal carries the problem in its message
 * (`amount:<json>`), which the server turns into the field's message in the operator's language.
 */
import { z } from 'zod';
import { type AmountSign, amountIssue, checkAmount } from './money.ts';

export function currencyAmountSchema(currency: string, sign: AmountSign = 'positive') {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = checkAmount(value, currency, sign);
      if (problem) ctx.addIssue({ code: 'custom', message: amountIssue(problem), input: value });
    });
}
