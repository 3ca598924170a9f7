/**
 * Texts of the simulator's own panels (the definitions carry the lists' labels). Both languages on
 * one line per key; added to i18next when one of its pages first mounts.
 */
import { bilingual } from '@payops/contracts/resource';
import { useState } from 'react';
import { addLabels } from '../../engine/resource-labels.ts';

export const mockLabels = bilingual({
  'mock.sandbox': ['沙箱', 'Sandbox'],
  'mock.sandboxMerchant': ['模拟商户', 'Sandbox merchant'],
  'mock.sandboxHint': [
    '独立账户，资金与真实商户完全隔离',
    "Own ledger accounts: its money never mixes with a real merchant's",
  ],
  'mock.available': ['可用', 'Available'],
  'mock.frozen': ['冻结', 'Frozen'],
  'mock.live': ['实时刷新中', 'Live'],
  'mock.placeTitle': ['通过商户接口下测试单', 'Place a test order through the merchant API'],
  'mock.direction': ['类型', 'Type'],
  'mock.deposit': ['充值', 'Deposit'],
  'mock.withdraw': ['提现', 'Withdrawal'],
  'mock.amount': ['金额（CNY）', 'Amount (CNY)'],
  'mock.amountRule': ['请输入最多2位小数的金额', 'Enter an amount with at most 2 decimals'],
  'mock.payType': ['支付方式', 'Pay type'],
  'mock.bankName': ['银行', 'Bank'],
  'mock.accountName': ['户名', 'Account name'],
  'mock.accountNo': ['卡号', 'Account no.'],
  'mock.accountNoRule': ['6-32位数字', '6 to 32 digits'],
  'mock.required': ['必填', 'Required'],
  'mock.place': ['下单', 'Place'],
  'mock.placed': ['已下单：{{orderNo}}', 'Placed: {{orderNo}}'],
  'mock.refused': ['商户接口拒绝：{{message}}', 'The merchant API refused: {{message}}'],
  'mock.tradersTitle': ['自动交易者', 'Automatic traders'],
  'mock.buyers': ['自动买家', 'Buyers'],
  'mock.sellers': ['自动卖家', 'Sellers'],
  'mock.ratePerMinute': ['每分钟笔数', 'Per minute'],
  'mock.amountMin': ['最小金额', 'Min amount'],
  'mock.amountMax': ['最大金额', 'Max amount'],
  'mock.lateShare': ['迟付比例', 'Late share'],
  'mock.disputeShare': ['争议比例', 'Dispute share'],
  'mock.start': ['启动', 'Start'],
  'mock.stop': ['停止', 'Stop'],
  'mock.started': ['已启动', 'Started'],
  'mock.stopped': ['已停止', 'Stopped'],
  'mock.rateTitle': ['模拟汇率（仅对模拟商户生效）', 'Mock exchange rate (the sandbox merchant only)'],
  'mock.pair': ['币种对', 'Pair'],
  'mock.side': ['方向', 'Side'],
  'mock.rate': ['汇率', 'Rate'],
  'mock.realRate': ['真实汇率', 'Real rate'],
  'mock.setRate': ['设置', 'Set'],
  'mock.delRate': ['删除', 'Delete'],
  'mock.rateSet': ['模拟汇率已设置', 'Mock rate set'],
  'mock.rateDeleted': ['模拟汇率已删除', 'Mock rate deleted'],
  'mock.noMockRate': ['未设置模拟汇率：使用真实汇率', 'No mock rate: the real rates apply'],
});

export function useMockLabels(): void {
  useState(() => addLabels('@mock-pages', mockLabels));
}
