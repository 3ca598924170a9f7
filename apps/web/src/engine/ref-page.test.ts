import { type FieldDef, refPageResource } from '@payops/contracts/resource';
import { reconciliationPage } from '@payops/contracts/resources/order/reconciliation';
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

  it("follows the referenced record's own direction, which the server sends beside the label", () => {
    // A reconciliation statement has no direction of its own: its provider's tells the page.
    const statementRef = refOf(reconciliationPage.fields as Record<string, FieldDef>, 'thirdPartyId');
    const row = { thirdPartyId: 4, thirdPartyIdLabel: 'Payout sandbox', thirdPartyIdPageBy: 'withdraw' };
    expect(refPageResource(statementRef, row, 'thirdPartyId')).toBe('withdrawThirdPay');
    expect(refPageResource(statementRef, { ...row, thirdPartyIdPageBy: 'deposit' }, 'thirdPartyId')).toBe(
      'depositThirdPay',
    );
  });
});
