/**
 * The wallet's cashier pages: definitions rendered whole by the engine (the confirm dialog with its
 * code field comes from the transition's input), the log being the operation log's page on a view.
 */
import { counterPaymentPage } from '@payops/contracts/resources/cashier/counter-payment';
import { counterPaymenLogtPage } from '@payops/contracts/resources/cashier/counter-payment-log';
import { counterPaymentSmsPage } from '@payops/contracts/resources/cashier/counter-payment-sms';
import { ResourcePage } from '../../engine/resource-page.tsx';
import { OperationLogPage } from '../sys/opearlog-page.tsx';

export function CounterPaymentPage() {
  return <ResourcePage def={counterPaymentPage} />;
}

export function CounterPaymentSmsPage() {
  return <ResourcePage def={counterPaymentSmsPage} />;
}

export function CounterPaymentLogPage() {
  return <OperationLogPage def={counterPaymenLogtPage} />;
}
