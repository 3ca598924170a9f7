/**
 * The wallet's configuration pages as definitions on their tables: limits in order (the same check
 * as /payManage's), the settings' values against their catalogue, IM replies scoped to their side.
 */
import {
  fixedCodeConfigPage,
  imMsgListOfBuy,
  imMsgListOfSell,
  payTypePage,
  sellConfigPage,
  sellSplitQuery,
  virtualOrderConfigPage,
  type WalletSettingKey,
  withdrawTypePage,
} from '@payops/contracts';
import type { FastifyInstance } from 'fastify';
import { type Row, registerCrud } from '../../platform/crud/index.ts';
import type { WriteInfo } from '../../platform/crud/writes.ts';
import { localeOf } from '../../platform/errors.ts';
import { checkOrder } from '../payManage/checks.ts';
import {
  walletFixedCodes,
  walletImReplies,
  walletPayTypes,
  walletSellRules,
  walletSellSplits,
  walletSettings,
  walletWithdrawTypes,
} from './wallet-config.schema.ts';
import { checkSettingValue, ensureWalletSettings } from './wallet-settings.ts';

const LABELS = {
  'zh-CN': { singleMin: '单笔最低', fromAmount: '卖单金额从', pieceMin: '拆分最小金额' },
  'en-US': { singleMin: 'the single minimum', fromAmount: 'the amount from', pieceMin: 'the smallest piece' },
} as const;

/** `beforeWrite` keeping each [min, max] pair in order. */
const inOrder =
  (...pairs: [string, string][]) =>
  (values: Row, info: WriteInfo) => {
    const locale = localeOf(info.request);
    for (const [min, max] of pairs) checkOrder(values, info.before, min, max, LABELS[locale], locale);
  };

export async function walletConfigRoutes(fastify: FastifyInstance) {
  const limits = inOrder(['singleMin', 'singleMax']);
  registerCrud(fastify, virtualOrderConfigPage, { table: walletSellRules, beforeWrite: limits });
  registerCrud(fastify, sellSplitQuery, {
    table: walletSellSplits,
    beforeWrite: inOrder(['fromAmount', 'toAmount'], ['pieceMin', 'pieceMax']),
  });
  registerCrud(fastify, payTypePage, { table: walletPayTypes, beforeWrite: limits });
  registerCrud(fastify, withdrawTypePage, { table: walletWithdrawTypes, beforeWrite: limits });
  registerCrud(fastify, fixedCodeConfigPage, { table: walletFixedCodes });
  registerCrud(fastify, imMsgListOfBuy, { table: walletImReplies });
  registerCrud(fastify, imMsgListOfSell, { table: walletImReplies });
  registerCrud(fastify, sellConfigPage, {
    table: walletSettings,
    beforeWrite: (values, info) => {
      const key = String(info.before?.key) as WalletSettingKey;
      checkSettingValue(key, String(values.value ?? info.before?.value), localeOf(info.request));
    },
  });
  fastify.addHook('onReady', () => ensureWalletSettings(fastify.ctx.db));
}
