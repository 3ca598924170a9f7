/**
 * The risk check of a trader posting or taking an ad (the risk service, modules/risk): the lists and
 * freezes of a P2P match apply (both person lists: money moves both ways). A refusal rolls the step
 * back, writes the block log in its own transaction (source `trade`) and answers a 400 on the field
 * naming the trader.
 */
import type { Locale } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import { fieldError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { checkOrder, RiskBlocked } from '../risk/check.ts';
import { logBlock } from '../risk/service.ts';
import { text } from './trade-common.ts';
import type { Trader } from './traders.ts';

export async function enforceTrader(ctx: AppContext, tx: Tx, t: Trader): Promise<void> {
  const d = await checkOrder(ctx, tx, {
    direction: 'match',
    merchantId: t.merchantId ?? 0,
    memberAccount: t.code,
    realName: t.realName ?? null,
    phone: t.phone ?? null,
    idNumber: t.idNumber ?? null,
  });
  if (!d.allow) throw new RiskBlocked(d);
}

/** Runs a step; a RiskBlocked inside it is logged (its own transaction) and refused on `field`. */
export async function withRiskLog<T>(
  ctx: AppContext,
  where: { merchantId: number | null; orderNo?: string; field: string; locale: Locale },
  step: () => Promise<T>,
): Promise<T> {
  try {
    return await step();
  } catch (e) {
    if (!(e instanceof RiskBlocked)) throw e;
    await logBlock(ctx, e.decision, {
      source: 'trade',
      direction: 'match',
      merchantId: where.merchantId,
      ...(where.orderNo ? { orderNo: where.orderNo } : {}),
    });
    throw fieldError(where.field, text.blocked[where.locale]);
  }
}
