import type { FieldDef } from '@payops/contracts/resource';
import { fundLog } from '@payops/contracts/resources/mch/fund-log';
import { mchList } from '@payops/contracts/resources/mch/mch-list';
import { orderTransferList } from '@payops/contracts/resources/order/withdraw-order';
import { describe, expect, it } from 'vitest';
import { toFilters } from './filter-values.ts';
import { recordPath, urlDetailKey, urlFilterValues } from './url-filters.ts';

const filterFields = (fields: Record<string, FieldDef>) => Object.values(fields).filter((f) => f.filter);

describe('filters from the URL', () => {
  it('reads the filter fields only, in the search form’s shapes', () => {
    const values = urlFilterValues(
      fundLog,
      '?kind=withdraw&createdAt=2026-11-01,2026-11-23&refId=&note=x&detail=7',
    );
    expect(values).toEqual({ kind: 'withdraw', createdAt: ['2026-11-01', '2026-11-23'] });
    expect(urlDetailKey('?kind=withdraw&detail=7')).toBe('7');
    expect(urlDetailKey('?kind=withdraw')).toBeNull();
  });

  it('turns days into the whole days of the operator’s zone, ids into numbers', () => {
    const values = urlFilterValues(fundLog, '?createdAt=2026-11-01,2026-11-23');
    expect(toFilters(filterFields(fundLog.fields), values)).toEqual({
      createdAt: [new Date(2026, 10, 1).toISOString(), new Date(2026, 10, 23, 23, 59, 59, 999).toISOString()],
    });
    const open = urlFilterValues(fundLog, '?createdAt=,2026-11-23');
    expect(toFilters(filterFields(fundLog.fields), open).createdAt).toEqual([
      null,
      new Date(2026, 10, 23, 23, 59, 59, 999).toISOString(),
    ]);
    // The low-amount badge's list: amounts up to the threshold less a cent, from none.
    const low = urlFilterValues(orderTransferList, '?status=in_review,approved&amount=,99.99');
    expect(toFilters(filterFields(orderTransferList.fields), low).amount).toEqual([null, '99.99']);
    // The timed-out badge's list: a yes/no filter travels as a boolean.
    const late = urlFilterValues(orderTransferList, '?overdue=true');
    expect(toFilters(filterFields(orderTransferList.fields), late)).toEqual({ overdue: true });
    expect(toFilters(filterFields(mchList.fields), urlFilterValues(mchList, '?agentId=12&id=3'))).toEqual({
      agentId: 12,
      id: 3,
    });
  });

  it('links to a record: its page filtered to it when the key is a filter, and its detail', () => {
    expect(recordPath(mchList, 12)).toBe('/mch/mchList?id=12&detail=12');
    expect(recordPath(fundLog, 5)).toBe('/mch/fund_log?detail=5');
  });
});
