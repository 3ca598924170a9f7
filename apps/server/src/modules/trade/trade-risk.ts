/**
 * The risk check of a trader posting or taking an ad (the risk service, modules/risk): the lists and
 * freezes of a P2P match apply (both person lists: money moves both ways). A refusal rolls the step
 * back, is logged as every order creation's block is (source `trade`) and answers a 400 on the field
 * naming the trader.
 */
import type { Locale } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import { fieldIn } from '../../platform/errors.ts';
import type { Tx } from '../../platform/ledger/index.ts';
import { checkOrder, RiskBlocked } from '../risk/check.ts';
import { createUnlessBlocked } from '../risk/hooks.ts';
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

/** Runs a step; a RiskBlocked inside it is logged (createUnlessBlocked) and refused on `field`. */
export async function withRiskLog<T extends object>(
  ctx: AppContext,
  where: { merchantId: number | null; orderNo?: string; field: string; locale: Locale },
  step: () => Promise<T>,
): Promise<T> {
  const { field, locale, ...about } = where;
  const done = await createUnlessBlocked(ctx, { source: 'trade', direction: 'match', ...about }, step);
  if ('blocked' in done) throw fieldIn(field, text.blocked, locale);
  return done;
}
