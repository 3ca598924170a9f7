import { describe, expect, it } from 'vitest';
import type { FieldDef } from './resource.ts';
import { orderPlaceLogMatchPage } from './resources/match/match-views.ts';
import { tradeMockBuyAds } from './resources/mockTrade/trade-mock-ad-views.ts';
import { orderDepositList } from './resources/order/deposit-order.ts';
import { orderDetainList, ordinaryDeposits } from './resources/order/views.ts';
import { listedFields, scopedFilterFields, scopedValues } from './scope.ts';

const byName = (fields: FieldDef[]) => new Map(fields.map((f) => [f.name, f]));
const values = (f: FieldDef | undefined) => f?.options.map((o) => o.value);

describe("a page's search form leaves to the scope what the scope decides", () => {
  it('offers no filter on a field the scope fixes to one value (the detained withdrawals)', () => {
    const fields = byName(scopedFilterFields(orderDetainList));
    expect(orderDetainList.fields.status.filter).toBeTruthy();
    expect(fields.has('status')).toBe(false);
    expect(fields.has('orderNo')).toBe(true);
  });

  it("offers only the scope's values of an enum the scope narrows", () => {
    expect(values(byName(scopedFilterFields(ordinaryDeposits)).get('status'))).toEqual([
      'created',
      'pending_payment',
    ]);
    expect(values(byName(scopedFilterFields(orderPlaceLogMatchPage)).get('endpoint'))).toEqual([
      'matchDeposit',
      'matchWithdraw',
      'matchVoucher',
      'matchConfirm',
    ]);
  });

  it('keeps every filter of a definition without a scope', () => {
    const all = Object.values(orderDepositList.fields as Record<string, FieldDef>).filter((f) => f.filter);
    expect(scopedFilterFields(orderDepositList)).toEqual(all);
    expect(values(byName(scopedFilterFields(orderDepositList)).get('status'))?.length).toBeGreaterThan(2);
  });

  it('spends no column on a field the scope fixes, and keeps one the scope narrows', () => {
    const names = (def: Parameters<typeof listedFields>[0]) => listedFields(def).map((f) => f.name);
    expect(names(orderDetainList)).not.toContain('status');
    expect(names(orderDetainList)).toContain('orderNo');
    expect(names(ordinaryDeposits)).toContain('status');
    expect(names(orderDepositList)).toContain('status');
  });

  it("a view keeps its base's scope and adds its own", () => {
    expect(tradeMockBuyAds.scope).toEqual({ side: 'buy' });
    expect(scopedValues(tradeMockBuyAds, 'side')).toEqual(['buy']);
    expect(scopedValues(orderPlaceLogMatchPage, 'endpoint')).toHaveLength(4);
    expect(scopedValues(orderDepositList, 'status')).toBeUndefined();
  });
});
