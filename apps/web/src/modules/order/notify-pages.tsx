/**
 * /order/mchNotify: callbacks to merchants. The definition says it all: the list with its filters and
 * export, the resend row action (lifecycle), and the detail drawer with every attempt as its child list.
 */
import { mchNotify } from '@payops/contracts/resources/order/mch-notify';
import { ResourcePage } from '../../engine/resource-page.tsx';

export function MchNotifyPage() {
  return <ResourcePage def={mchNotify} />;
}
