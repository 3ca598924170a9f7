/**
 * wallet/emailConfigListWallet and emailOrderListWallet: the email orders of the wallet's mailboxes,
 * the same definitions as the matching's (payManage/emailConfigList, order/emailOrderList) bound to
 * the wallet's scope. A bank email confirming a wallet buyer's payment (amount, the seller's card
 * tail, the buyer's name) marks that wallet trade order paid through the market's `pay` transition;
 * one that fits none (or several) is bound by hand to the order it pays.
 */
import { emailOrderDef } from '../order/email-order.ts';
import { emailConfigDef } from '../payManage/email-config.ts';

export const emailConfigListWallet = emailConfigDef({
  name: 'emailConfigListWallet',
  group: 'wallet',
  api: '/api/wallet/emailConfig',
  orders: 'emailOrderListWallet',
});

export const emailOrderListWallet = emailOrderDef({
  name: 'emailOrderListWallet',
  group: 'wallet',
  api: '/api/wallet/emailOrder',
  mailboxes: 'emailConfigListWallet',
  link: {
    field: 'tradeOrderId',
    ref: { resource: 'walletTradeBuyOrderPage', labelField: 'orderNo' },
    label: ['钱包交易单', 'Wallet trade order'],
    reasons: {
      noMatch: [
        '没有符合的待付款钱包订单（金额、卖家卡尾号、买家姓名、时间）',
        "No wallet order awaiting payment fits (amount, seller's card tail, buyer's name, time)",
      ],
      several: ['有多个符合的钱包订单，请人工绑定', 'Several wallet orders fit: bind it by hand'],
    },
  },
  // An email no wallet order fits automatically, bound by hand to the order it pays (marked paid).
  bind: {
    waiting: { status: ['matched'] },
    action: ['绑定钱包订单', 'Bind to a wallet order'],
    title: ['将邮件订单绑定到钱包订单', 'Bind the email order to a wallet order'],
    hint: [
      '绑定后该钱包订单按邮件到账标记为买家已付款，等待卖家确认。只能选择待付款且金额一致的钱包订单。',
      "The wallet order is then marked paid by this email and waits for the seller's confirmation. Only orders awaiting payment, of the email's amount, can be chosen.",
    ],
  },
});
