/**
 * The four order-count badges (spec §2), shown only with Permission.orderCounts. The window is the
 * start of the day 6 days ago to the end of today (spec §9).
 */
import { Permission } from '@payops/contracts/permissions';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api.ts';
import { useCan } from '../../lib/permissions.tsx';
import { useShellValue } from '../../lib/queries.ts';
import type { OrderCounts } from '../../lib/server-types.ts';

/**
 * Each badge opens the list it counts, over the same 6 days. Timed-out withdrawals open the open ones
 * past their due time (the list's `overdue` filter, the badge's own condition); low-amount ones the
 * waiting withdrawals up to the amount the server counts (its threshold setting, `lowAmountMax`);
 * failed-match email orders open the unmatched email orders.
 */
const badges: {
  field: keyof OrderCounts;
  label: string;
  to: (days: string, counts: OrderCounts | undefined) => string;
}[] = [
  {
    field: 'failedMatchEmailOrderCount',
    label: 'header.failedMatchEmail',
    to: (days) => `/order/emailOrderList?status=unmatched&createdAt=${days}`,
  },
  {
    field: 'timeOutOrderCount',
    label: 'header.timeOut',
    to: (days) => `/order/orderTransferList?overdue=true&createdAt=${days}`,
  },
  {
    field: 'lowAmountOrderCount',
    label: 'header.lowAmount',
    to: (days, counts) =>
      `/order/orderTransferList?status=in_review,approved,matching&createdAt=${days}&amount=,${counts?.lowAmountMax ?? ''}`,
  },
  {
    field: 'inAuditOrderCount',
    label: 'header.inAudit',
    to: (days) => `/order/receiveList?createdAt=${days}`,
  },
];

/** The window as the lists' URL filter: `YYYY-MM-DD,YYYY-MM-DD`. */
const windowDays = (now = dayjs()) =>
  `${now.subtract(6, 'day').format('YYYY-MM-DD')},${now.format('YYYY-MM-DD')}`;

export function orderCountWindow(now = dayjs()): { startTime: string; endTime: string } {
  return {
    startTime: now.subtract(6, 'day').startOf('day').toISOString(),
    endTime: now.endOf('day').toISOString(),
  };
}

export function OrderBadges() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const allowed = can(Permission.orderCounts);
  const { data } = useShellValue(
    'orderCounts',
    () =>
      api<OrderCounts>('/api/pay/transferOrder/countTransferOrder', {
        method: 'POST',
        body: orderCountWindow(),
      }),
    { enabled: allowed, refetchMs: 60_000 },
  );
  if (!allowed) return null;
  return (
    <span className="order-badges header-fits">
      {badges.map((b) => (
        <Badge key={b.field} count={data?.[b.field] ?? 0} size="small" overflowCount={999} offset={[-4, 2]}>
          <Button
            type="link"
            size="small"
            onClick={() => navigate(b.to(windowDays(), data))}
            data-testid={`badge-${b.field}`}
          >
            {t(b.label)}
          </Button>
        </Badge>
      ))}
    </span>
  );
}
