/**
 * The market's console routes (contracts resources/trade): settings (CRUD), the ads of each side and
 * the orders with their transitions (trade-hooks.ts), the receipt audit view, the applications of
 * each side with their decisions and logs.
 */
import {
  AD_PAGES,
  APPLY_PAGES,
  trade_pool_config_page,
  trade_rule_config_page,
  tradeBlackBlockLog,
  tradeMemberList,
  tradeOperateLog,
  tradeOrderList,
  tradeOrderTimeout,
} from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import type { Row } from '../../platform/crud/index.ts';
import { registerCrud } from '../../platform/crud/index.ts';
import { fieldError, localeOf } from '../../platform/errors.ts';
import { dec } from '../../platform/ledger/index.ts';
import { registerTransitions } from '../../platform/transitions/index.ts';
import { riskBlockLog } from '../risk/risk.schema.ts';
import { operationLog } from '../sys/schema.ts';
import { adPushHooks } from './push-hooks.ts';
import {
  tradeAds,
  tradeApplications,
  tradeOrders,
  tradePools,
  tradeRules,
  tradeTimeouts,
  tradeTraders,
} from './trade.schema.ts';
import { adHooks, applyHooks, orderHooks } from './trade-hooks.ts';
import { creditHooks, traderColumns } from './trade-members.ts';

const text = {
  range: { 'zh-CN': '不能小于单笔最小数量', 'en-US': 'must not be below the min per order' },
  fraction: { 'zh-CN': '须在 0% 到 50% 之间', 'en-US': 'must be between 0% and 50%' },
  fixedPrice: { 'zh-CN': '固定价格来源须填写固定价格', 'en-US': 'is required when the price is fixed' },
} as const;

type Locale = ReturnType<typeof localeOf>;
const merged = (values: Row, before: Row | undefined, k: string) => values[k] ?? before?.[k];

function checkPool(values: Row, before: Row | undefined, locale: Locale) {
  for (const k of ['spread', 'feeRate']) {
    const v = merged(values, before, k);
    if (v != null && (dec(String(v)).lt(dec('0')) || dec(String(v)).gt(dec('0.5'))))
      throw fieldError(k, text.fraction[locale]);
  }
  if (merged(values, before, 'priceSource') === 'fixed' && merged(values, before, 'fixedPrice') == null)
    throw fieldError('fixedPrice', text.fixedPrice[locale]);
}

function checkRule(values: Row, before: Row | undefined, locale: Locale) {
  const min = merged(values, before, 'minAmount');
  for (const k of ['maxAmount', 'largeAdAmount']) {
    const v = merged(values, before, k);
    if (min != null && v != null && dec(String(v)).lt(dec(String(min))))
      throw fieldError(k, text.range[locale]);
  }
}

export async function tradeRoutes(fastify: FastifyInstance) {
  const { ctx } = fastify;
  registerCrud(fastify, trade_pool_config_page, {
    table: tradePools,
    beforeWrite: (values, info) => checkPool(values, info.before, localeOf(info.request)),
  });
  registerCrud(fastify, trade_rule_config_page, {
    table: tradeRules,
    beforeWrite: (values, info) => checkRule(values, info.before, localeOf(info.request)),
  });
  registerCrud(fastify, tradeOrderTimeout, { table: tradeTimeouts });
  for (const def of Object.values(AD_PAGES)) {
    registerCrud(fastify, def, { table: tradeAds });
    registerTransitions(fastify, def, {
      table: tradeAds,
      hooks: { ...adHooks, ...adPushHooks(ctx) },
    });
  }
  registerCrud(fastify, tradeOrderList, { table: tradeOrders });
  registerTransitions(fastify, tradeOrderList, { table: tradeOrders, hooks: orderHooks(ctx) });
  for (const [def, log, side] of APPLY_PAGES) {
    registerCrud(fastify, def, { table: tradeApplications, scope: { side } });
    registerTransitions(fastify, def, { table: tradeApplications, scope: { side }, hooks: applyHooks });
    registerCrud(fastify, log, {
      table: tradeApplications,
      scope: { side, status: ['approved', 'rejected'] },
    });
  }
  registerCrud(fastify, tradeMemberList, { table: tradeTraders, computed: traderColumns });
  registerTransitions(fastify, tradeMemberList, { table: tradeTraders, hooks: creditHooks(ctx) });
  registerCrud(fastify, tradeOperateLog, { table: operationLog });
  registerCrud(fastify, tradeBlackBlockLog, { table: riskBlockLog });
}
