/**
 * What a gift claim is checked by (gift.ts): apart from the definitions so that the system texts,
 * which every page loads, do not load those.
 */
export const GIFT_DIMENSIONS = ['ip', 'device', 'card', 'payerName'] as const;
export type GiftDimension = (typeof GIFT_DIMENSIONS)[number];
export const GIFT_DIMENSION_LABELS: Record<GiftDimension, readonly [string, string]> = {
  ip: ['IP', 'IP'],
  device: ['设备', 'Device'],
  card: ['银行卡', 'Card'],
  payerName: ['付款人姓名', 'Payer name'],
};
