/**
 * A positive amount in a currency as a decimal string (never a JSON number), for money-moving bodies:
 * the contracts' amount rule (scale per currency, the columns' range), refused at the edge with a
 * field error in the operator's language.
 */
import { ADJUST_CURRENCY, currencyAmountSchema } from '@payops/contracts';

/** Merchant balances (and so their adjustments) are in CNY. */
export const decimalAmount = currencyAmountSchema(ADJUST_CURRENCY, 'positive');
