/**
 * wallet/emailConfigListWallet and emailOrderListWallet: the email orders of the wallet's mailboxes,
 * the same definitions as the matching's (payManage/emailConfigList, order/emailOrderList) bound to
 * the wallet's scope. A bank email confirming a wallet buyer's payment (amount, the seller's card
 * tail, the buyer's name) marks that wallet trade order paid through the market's `pay` transition.
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
      several: ['有多个符合的钱包订单，未自动确认', 'Several wallet orders fit: none was marked paid'],
    },
  },
});
