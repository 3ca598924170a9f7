/**
 * A reference to a third party: its name, and a cell that opens the provider on its direction's page
 * (the deposit one lists no payout provider), by the provider's own direction. A module of its own so
 * that the order pages and reports that show a provider do not load the provider pages' definitions.
 */
export const THIRD_PARTY_REF = {
  resource: 'thirdParty',
  labelField: 'name',
  pageBy: { field: 'direction', resources: { deposit: 'depositThirdPay', withdraw: 'withdrawThirdPay' } },
} as const;
