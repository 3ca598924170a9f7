/** A positive amount as a decimal string (never a JSON number), for money-moving bodies. */
import { decimalString } from '@payops/contracts';

export const decimalAmount = decimalString.refine((v) => !v.startsWith('-') && /[1-9]/.test(v), {
  message: 'must be greater than 0',
});
