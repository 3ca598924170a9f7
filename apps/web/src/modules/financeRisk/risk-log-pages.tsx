/**
 * The freezes and the two risk logs. The block log links each stopped attempt to its placement-log
 * row (merchant API), its order (payout), and the entry that fired (the rule's page, detail open).
 */
import { blackBlockEmailLog } from '@payops/contracts/resources/financeRisk/block-email-log';
import { blackBlockLog } from '@payops/contracts/resources/financeRisk/block-log';
import { mchFrozenList } from '@payops/contracts/resources/financeRisk/frozen-list';
import { operationRecordList } from '@payops/contracts/resources/financeRisk/operation-record';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { ResourcePage } from '../../engine/resource-page.tsx';
import type { ResourceOverrides, Row } from '../../engine/types.ts';
import { useRiskLabels } from './risk-labels.ts';

export const FrozenListPage = () => <ResourcePage def={mchFrozenList} />;

/** The route of a rule's page: a list page's or credit_level (by name), the freezes, members, merchants. */
const RULE_ROUTES: Record<string, string> = {
  mchFrozenList: '/financeRisk/mch_frozen_list',
  memberList: '/member/memberList',
  mchList: '/mch/mchList',
  mchDailyLimit: '/mch/mchList',
  memberPaymentList: '/member/memberPaymentList',
};
const rulePage = (rule: unknown) => RULE_ROUTES[String(rule)] ?? `/financeRisk/${String(rule)}`;

export function OperationRecordPage() {
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      cells: {
        targetId: (v, row) =>
          v ? <Link to={`${rulePage(row.target)}?detail=${String(v)}`}>{String(v)}</Link> : '-',
      },
    }),
    [],
  );
  return <ResourcePage def={operationRecordList} overrides={overrides} />;
}

function attemptLink(value: unknown, row: Row) {
  if (!value) return '-';
  const q = new URLSearchParams({ mchNo: String(row.mchNo ?? ''), mchOrderNo: String(value) });
  return (
    <Link to={`/order/orderPlaceLogPage?${q}`} data-testid="block-attempt-link">
      {String(value)}
    </Link>
  );
}

/** A link to the list page holding an order number (or '-'). */
const orderLink = (page: string) => (v: unknown) =>
  v ? <Link to={`/order/${page}?orderNo=${encodeURIComponent(String(v))}`}>{String(v)}</Link> : '-';

const entryLink = (v: unknown, row: Row) =>
  v ? <Link to={`${rulePage(row.rule)}?detail=${String(v)}`}>#{String(v)}</Link> : '-';

export function BlackBlockLogPage() {
  useRiskLabels();
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      cells: {
        mchOrderNo: attemptLink,
        // An order the block names: a held payout's withdrawal, or a refused bank email's matched deposit.
        orderNo: (v, row) =>
          orderLink(row.source === 'email' ? 'orderDepositListMatch' : 'orderTransferList')(v),
        entryId: entryLink,
      },
    }),
    [],
  );
  return <ResourcePage def={blackBlockLog} overrides={overrides} />;
}

/** The refused bank emails: each links to its email order and to the match's deposit. */
export function BlackBlockEmailLogPage() {
  useRiskLabels();
  const overrides = useMemo<ResourceOverrides>(
    () => ({
      cells: {
        emailOrderId: (v) =>
          v ? (
            <Link
              to={`/order/emailOrderList?id=${String(v)}&detail=${String(v)}`}
              data-testid="blocked-email-link"
            >
              #{String(v)}
            </Link>
          ) : (
            '-'
          ),
        orderNo: orderLink('orderDepositListMatch'),
        entryId: entryLink,
      },
    }),
    [],
  );
  return <ResourcePage def={blackBlockEmailLog} overrides={overrides} />;
}
