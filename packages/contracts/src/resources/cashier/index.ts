/** The wallet area's cashier (counter) payments: payments, their SMS codes, the cashier log. */

import { counterPaymentPage } from './counter-payment.ts';
import { counterPaymenLogtPage } from './counter-payment-log.ts';
import { counterPaymentSmsPage } from './counter-payment-sms.ts';

export * from './counter-payment.ts';
export * from './counter-payment-log.ts';
export * from './counter-payment-sms.ts';

export const CASHIER_RESOURCES = [counterPaymentPage, counterPaymentSmsPage, counterPaymenLogtPage] as const;
