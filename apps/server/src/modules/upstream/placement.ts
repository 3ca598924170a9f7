/**
 * Placing a deposit with an upstream provider: the one entry the merchant API (modules/openapi) calls.
 *
 *   placeDeposit(ctx: AppContext, input: PlaceDepositInput): Promise<PlacedDeposit>
 *
 *   input: { merchantId, mchOrderNo, payType, amount (decimal string, already valid for CNY),
 *            memberAccount?, notifyUrl?, clientIp?, remark?, now? (default ctx.clock.now()),
 *            locale? (of the error messages, default zh-CN) }
 *   answer: { order: DepositOrder (the row as it is now), created: false when the merchant order
 *            number was seen before: the existing order, and no second upstream call }
 *   (a repeat that arrives while the first call is still talking to the upstream answers the order
 *   as it is then: `created`, without a pay URL yet)
 *
 * 1. amount within the merchant's single min/max, else AppError 400 on `amount` (nothing written);
 * 2. the risk check and the order (state `created`): one statement when the check finds nothing to
 *    decide (insertDepositUnless), else a short transaction that decides (insertDepositOrder);
 * 3. routing (routing.ts), then the upstream calls OUTSIDE any transaction, failing over passage by
 *    passage (attempts.ts) unless the DEPOSIT_FAILOVER switch is off;
 * 4. accepted: `submit` (-> pending_payment) with upstreamOrderNo, payUrl, passageId and thirdPartyId
 *    (and the fee at the merchant's rate on that passage, when it has one) and the decision log row
 *    as one statement; the order answered carries the pay URL;
 *    every upstream failed: `fail` (failReason = the last upstream error), the order is answered failed;
 *    no passage could take it at all: `fail`, then AppError 400 on `payType` ("no passage available")
 *    or, when every passage refused only the amount, on `amount` with the range the passages take.
 * The AppError's data also carries `orderNo` (the failed order) next to `fields`.
 */
import { ErrorCode, type Locale, orderDepositList } from '@payops/contracts';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { AppError, fieldsError } from '../../platform/errors.ts';
import { dec, decString, ZERO } from '../../platform/ledger/money.ts';
import { cachedSetting } from '../../platform/settings.ts';
import { runSystemTransition } from '../../platform/transitions/index.ts';
import { merchants } from '../mch/schema.ts';
import {
  type DepositMerchant,
  feeOf,
  insertDepositOrder,
  insertDepositUnless,
  type NewDeposit,
} from '../order/create.ts';
import { type DepositOrder, depositOrders } from '../order/schema.ts';
import { switchOn } from '../payManage/switches.ts';
import { enforce, type RiskSubject, riskGuard } from '../risk/check.ts';
import { callbackUrl } from './adapter.ts';
import { decisionOf, decisionRow, failUnplaced, isConflict, logDecision, tryPassages } from './attempts.ts';
import { channelFeeOf, routePassages } from './routing.ts';

export interface PlaceDepositInput extends Omit<NewDeposit, 'now'> {
  now?: Date;
  locale?: Locale;
  /**
   * The merchant's row when the caller has just read it (the merchant API's verification, the same
   * request): its limits and rates are then not read a second time.
   */
  merchant?: DepositMerchant & Pick<typeof merchants.$inferSelect, 'singleMin' | 'singleMax'>;
}

export interface PlacedDeposit {
  order: DepositOrder;
  created: boolean;
}

const text = {
  noPassage: {
    'zh-CN': '暂无可用通道，请稍后再试或更换支付方式',
    'en-US': 'no passage is available for this pay type now; try later or another pay type',
  },
  range: {
    'zh-CN': (min: string, max: string) => `金额超出限额（${min} ~ ${max}）`,
    'en-US': (min: string, max: string) => `is outside the limits (${min} to ${max})`,
  },
  below: {
    'zh-CN': (min: string) => `金额低于单笔最小金额 ${min}`,
    'en-US': (min: string) => `is below the single minimum ${min}`,
  },
} as const;

function amountError(locale: Locale, min: string, max: string, orderNo?: string): AppError {
  const message = (l: Locale) => (dec(max).gt(ZERO) ? text.range[l](min, max) : text.below[l](min));
  return fieldsError((l) => [{ field: 'amount', message: message(l) }], locale, orderNo ? { orderNo } : {});
}

async function readOrder(ctx: AppContext, id: number): Promise<DepositOrder> {
  const [o] = await ctx.db.select().from(depositOrders).where(eq(depositOrders.id, id));
  return o!;
}

export async function placeDeposit(ctx: AppContext, input: PlaceDepositInput): Promise<PlacedDeposit> {
  const now = input.now ?? ctx.clock.now();
  const locale = input.locale ?? 'zh-CN';
  const given = input.merchant?.id === input.merchantId ? input.merchant : undefined;
  const [m] = given
    ? [given]
    : await ctx.db.select().from(merchants).where(eq(merchants.id, input.merchantId));
  if (!m) throw new AppError(ErrorCode.notFound);
  const amount = dec(input.amount);
  if (amount.lt(dec(m.singleMin)) || (dec(m.singleMax).gt(ZERO) && amount.gt(dec(m.singleMax)))) {
    throw amountError(locale, decString(dec(m.singleMin)), decString(dec(m.singleMax)));
  }

  const { locale: _l, now: _n, merchant: _m, ...fields } = input;
  // A merchant without its own deposit timeout gets the platform's (sysBackConfig, read every 3 s).
  const platformMinutes = await cachedSetting(ctx, 'orderTimeoutMinutes');
  // Risk lists and freezes (issue 13), then the order. The check's lock on the day's sums (the
  // merchant's daily limit, the member's credit level) holds until the order is in them, so two
  // deposits at once cannot both take the last of a limit. When the check finds nothing to decide
  // (the usual case) it and the insert are ONE statement, the locks held only while it runs; else
  // (a hit, a freeze, a limit, a repeated order number) the check decides in the order's transaction:
  // a block throws RiskBlocked and nothing is written.
  const subject: RiskSubject = {
    direction: 'deposit',
    family: input.quote ? 'otc' : 'normal',
    merchantId: input.merchantId,
    memberAccount: input.memberAccount,
    ip: input.clientIp,
    depositAmount: input.amount,
  };
  const deposit = { ...fields, now };
  const clear = await insertDepositUnless(ctx.db, deposit, platformMinutes, m, riskGuard(ctx, subject));
  const { order, created } = clear
    ? { order: clear, created: true }
    : await ctx.db.transaction(async (tx) => {
        await enforce(ctx, tx, subject);
        return insertDepositOrder(tx, deposit, platformMinutes, m);
      });
  if (!created) return { order, created };

  const routing = await routePassages(ctx, {
    direction: 'deposit',
    merchantId: order.merchantId,
    payType: order.payType,
    amount: order.amount,
    now,
  });
  const attempted = await tryPassages(
    ctx,
    routing,
    (adapter, access) =>
      adapter.createPayment(
        access,
        {
          orderNo: order.orderNo,
          amount: order.amount,
          payType: order.payType,
          notifyUrl: callbackUrl(ctx, access.code),
        },
        now,
      ),
    await switchOn(ctx, 'DEPOSIT_FAILOVER'),
  );
  const decision = decisionOf(order, 'deposit', attempted, now);

  if (attempted.chosen) {
    const { ranked, answer } = attempted.chosen;
    const values = {
      upstreamOrderNo: answer.upstreamOrderNo,
      payUrl: answer.payUrl,
      passageId: ranked.passage.id,
      thirdPartyId: ranked.thirdParty.id,
      channelFee: channelFeeOf(order.amount, ranked),
    };
    // The merchant's rate on the passage that took it, when it has one, fixes the fee: nothing has
    // moved yet (a deposit posts at success). Not in the race below: the order may be past that.
    const fee = ranked.merchantRate === null ? {} : { fee: feeOf(order.amount, ranked.merchantRate) };
    // `submit` as ONE statement: its change, history, order event and audit row (order-hooks.ts), and
    // the decision. The order moved on meanwhile: the decision alone (true whatever the order does next).
    const decided = { ...decision, result: 'routed' as const, passageId: ranked.passage.id };
    let submitted: DepositOrder | null = null;
    try {
      const moved = await runSystemTransition(ctx, orderDepositList, 'submit', order.id, {
        values: { ...values, ...fee },
        rows: [decisionRow(decided)],
      });
      submitted = moved.after as DepositOrder;
    } catch (e) {
      // The callback (or an operator) got there first: the order moved on, keep where it was placed.
      if (!isConflict(e)) throw e;
      await logDecision(ctx.db, decided);
      await ctx.db
        .update(depositOrders)
        .set(values)
        .where(
          and(
            eq(depositOrders.id, order.id),
            // The callback may have set the same upstream no already (it does not know the passage).
            or(
              isNull(depositOrders.upstreamOrderNo),
              eq(depositOrders.upstreamOrderNo, values.upstreamOrderNo),
            ),
          ),
        );
    }
    // The row as the transition left it (its UPDATE's RETURNING), else as it is now.
    return { order: submitted ?? (await readOrder(ctx, order.id)), created };
  }

  const result = await failUnplaced(ctx, decision, routing, {
    def: orderDepositList,
    name: 'fail',
    id: order.id,
  });
  if (result === 'all_failed') return { order: await readOrder(ctx, order.id), created };

  const onlyAmount = routing.skipped.every((c) => c.verdict === 'below_min' || c.verdict === 'above_max');
  if (onlyAmount && routing.amountLimits) {
    throw amountError(locale, routing.amountLimits.min, routing.amountLimits.max, order.orderNo);
  }
  throw fieldsError((l) => [{ field: 'payType', message: text.noPassage[l] }], locale, {
    orderNo: order.orderNo,
  });
}
