import { type FieldDef, refPageResource } from '@payops/contracts/resource';
import { passage } from '@payops/contracts/resources/payManage/passage';
import { thirdAgentPay } from '@payops/contracts/resources/payManage/third-agent';
import { describe, expect, it } from 'vitest';

const refOf = (fields: Record<string, FieldDef>, name: string) => fields[name]!.ref!;

describe("a ref cell's page", () => {
  it("opens a provider on its direction's page: the row's direction, else the ref's fixed filter", () => {
    const passageRef = refOf(passage.fields as Record<string, FieldDef>, 'thirdPartyId');
    expect(refPageResource(passageRef, { thirdPartyId: 4, direction: 'withdraw' })).toBe('withdrawThirdPay');
    expect(refPageResource(passageRef, { thirdPartyId: 3, direction: 'deposit' })).toBe('depositThirdPay');
    // The payout configs name payout providers only: no direction on the row, the ref's filter says it.
    const agentRef = refOf(thirdAgentPay.fields as Record<string, FieldDef>, 'thirdPartyId');
    expect(refPageResource(agentRef, { thirdPartyId: 4 })).toBe('withdrawThirdPay');
  });
});
