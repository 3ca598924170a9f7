import { childFilters } from '@payops/contracts/resource';
import { memberList } from '@payops/contracts/resources/member/member-list';
import { describe, expect, it } from 'vitest';

describe("a detail's related lists", () => {
  it("filter a member's rows by its merchant too: an account is unique within its merchant only", () => {
    const member = { id: 7, account: 'vip-01', merchantId: 3, mchNo: 'M10000003' };
    const of = (resource: string) =>
      childFilters(memberList.children.find((c) => c.resource === resource)!, member);
    expect(of('memberPaymentList')).toEqual({ memberAccount: 'vip-01', merchantId: 3 });
    expect(of('financialRecordPage')).toEqual({ ownerCode: 'vip-01', merchantId: 3 });
    expect(of('matchRecordPage')).toEqual({ payerMember: 'vip-01', depositMerchantId: 3 });
  });
});
