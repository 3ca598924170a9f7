/**
 * The merchant API's log pages: the placement log, its hourly statistics, the daily error report and
 * the failure reasons. Each is its definition and nothing more (read-only, searchable, exportable).
 */
import { orderFailReason } from '@payops/contracts/resources/order/fail-reason';
import { logReport } from '@payops/contracts/resources/order/log-report';
import { orderPlaceLogPage } from '@payops/contracts/resources/order/place-log';
import { orderPlaceLogStatic } from '@payops/contracts/resources/order/place-log-static';
import { ResourcePage } from '../../engine/resource-page.tsx';

export function OrderPlaceLogPage() {
  return <ResourcePage def={orderPlaceLogPage} />;
}

export function OrderPlaceLogStaticPage() {
  return <ResourcePage def={orderPlaceLogStatic} />;
}

export function LogReportPage() {
  return <ResourcePage def={logReport} />;
}

export function OrderFailReasonPage() {
  return <ResourcePage def={orderFailReason} />;
}
