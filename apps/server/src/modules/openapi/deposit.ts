/**
 * Deposit creation: the upstream placement (engineer "upstream", modules/upstream/placement.ts) does
 * the limits, the order, the routing with failover and the decision log; this file turns its outcome
 * into the merchant API's answer codes.
 */
import { ErrorCode, type FieldError, type Locale, type MerchantApiCodeName } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import { AppError, type Wording } from '../../platform/errors.ts';
import type { PAY_TYPES } from '../mch/passage.schema.ts';
import type { OrderQuote } from '../order/quote.ts';
import type { DepositOrder } from '../order/schema.ts';
import { blockFields, createUnlessBlocked } from '../risk/hooks.ts';
import { placeDeposit } from '../upstream/placement.ts';
import type { ApiMerchant } from './verify.ts';

export interface DepositInput {
  mchOrderNo: string;
  amount: string;
  payType: (typeof PAY_TYPES)[number];
  memberAccount?: string;
  notifyUrl?: string;
  remark?: string;
  /** An OTC/ZHOTC deposit's quote (quote.ts): `amount` is then its CNY price. */
  quote?: OrderQuote;
}

export type DepositOutcome =
  | { order: DepositOrder; created: boolean }
  | {
      refusal: MerchantApiCodeName;
      fields?: Wording<FieldError[]>;
      orderNo?: string;
      order?: DepositOrder;
    };

export async function createDeposit(
  ctx: AppContext,
  m: ApiMerchant,
  input: DepositInput,
  clientIp: string,
  locale: Locale,
): Promise<DepositOutcome> {
  const where = { source: 'openapi', direction: 'deposit', merchantId: m.id, mchNo: m.mchNo } as const;
  try {
    const placed = await createUnlessBlocked(ctx, { ...where, mchOrderNo: input.mchOrderNo }, () =>
      placeDeposit(ctx, { ...input, merchantId: m.id, merchant: m, clientIp, locale }),
    );
    if ('blocked' in placed) return { refusal: 'riskBlocked', fields: (l) => blockFields(placed.blocked, l) };
    // Every passage's upstream refused it: the order exists, failed, with the upstream's message.
    if (placed.created && placed.order.status === 'failed')
      return { refusal: 'upstreamFailed', orderNo: placed.order.orderNo, order: placed.order };
    return placed;
  } catch (e) {
    if (!(e instanceof AppError) || e.code !== ErrorCode.badRequest) throw e;
    const data = (e.data ?? {}) as { fields?: FieldError[]; orderNo?: string };
    const field = data.fields?.[0]?.field;
    const refusal =
      field === 'payType' ? 'noPassage' : field === 'amount' ? 'amountOutOfLimits' : 'badRequest';
    return { refusal, fields: e.fieldsIn ?? (() => data.fields ?? []), orderNo: data.orderNo };
  }
}
