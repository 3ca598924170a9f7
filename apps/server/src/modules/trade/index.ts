/**
 * The P2P trade market (issue 15; domain.md "Trades"). The services' stable API, for the simulator
 * (h/mocktrade) and the wallet (h/wallet); every function takes an Actor (an operator, a trader
 * through `traderActor`, or SYSTEM_ACTOR) and an optional transaction of the caller:
 *
 *   adQuote(db, { trader, poolId, side }, locale): { pool, trader, rule, price }   (what an ad would get)
 *   createAd(ctx, { trader, poolId, side, amount, minTake?, maxTake?, payTypes?, payMinutes?, remark? }, actor, tx?)
 *   cancelAd(ctx, adId, reason, actor, tx?)
 *   takeAd(ctx, { adId, taker, amount, payType }, actor, tx?): TradeOrder   (whole or a child order)
 *   markPaid(ctx, orderId, { by: buyer, voucher?: base64 }, actor, tx?)
 *   confirmOrder(ctx, orderId, { by: seller } | { operator: true }, actor, tx?)
 *   cancelOrder(ctx, orderId, { reason, by?: buyer }, actor, tx?)
 *   timeoutOrder(ctx, { id, status }, tx?)     (a job: matched -> timeout, paid -> disputed)
 *   openDispute(ctx, orderId, { reason, by?: buyer or seller }, actor, tx?)
 *   resolveDispute(ctx, orderId, 'completed' | 'cancelled', reason, actor, tx?)
 *   applyFor(ctx, { trader, poolId, side, kind, amount?, note? }, actor, tx?)
 *   requestCoinCredit(ctx, { trader, amount, reason }, actor): trader row id (an operator approves it)
 *   registerTraderResolver('wallet_member', (db, id) => Trader | undefined)
 *   registerPartyCheck('wallet_member', (db, party, { role, payType, amount, fiatAmount, at, timeZone }, locale)
 *     => { sellerFee?, recordTake?(db, orderId) } | undefined)
 *     (the owner type's own rules for a take it is party to, and what it keeps of the order taken)
 *
 * A trader is { ownerType: 'member' | 'wallet_member', ownerId }. Refusals are AppErrors: 400 naming
 * the field, 404 for an unknown ad or order, 409 when the record moved on (the ad taken or closed,
 * the order no longer in the state the step needs).
 */
import type { FastifyInstance } from 'fastify';
import { tradeRoutes } from './trade.routes.ts';
import { tradePushRoutes } from './trade-push.routes.ts';

export {
  type AdInput,
  type ApplyInput,
  adById,
  adQuote,
  applyFor,
  cancelAd,
  createAd,
} from './ads.service.ts';
export {
  cancelOrder,
  confirmOrder,
  markPaid,
  openDispute,
  orderById,
  resolveDispute,
  type TakeInput,
  takeAd,
  timeoutOrder,
} from './orders.service.ts';
export * from './trade.schema.ts';
export { coinAmount, conflict, notFound, SYSTEM_ACTOR, shown, traderActor } from './trade-common.ts';
export { requestCoinCredit } from './trade-members.ts';
export { coinFee } from './trade-settings.ts';
export {
  type PartyCheck,
  type PartyTerms,
  registerPartyCheck,
  registerTraderResolver,
  type TakeTerms,
  type Trader,
  type TraderRef,
  type TraderResolver,
} from './traders.ts';

export async function tradeModule(app: FastifyInstance) {
  await tradeRoutes(app);
  await tradePushRoutes(app);
}
