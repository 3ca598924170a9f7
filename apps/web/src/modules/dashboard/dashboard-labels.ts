/** The dashboard's business texts, both languages on one line, added when the page first renders. */
import { bilingual } from '@payops/contracts/resource';
import { useState } from 'react';
import { addLabels } from '../../engine/resource-labels.ts';

const labels = bilingual({
  'board.deposits': ['充值', 'Deposits'],
  'board.withdrawals': ['提现', 'Withdrawals'],
  'board.today': ['今日', 'Today'],
  'board.yesterday': ['昨日', 'Yesterday'],
  'board.count': ['订单数', 'Orders'],
  'board.amount': ['订单金额', 'Amount'],
  'board.successCount': ['成功笔数', 'Succeeded'],
  'board.successAmount': ['成功金额', 'Amount succeeded'],
  'board.successRate': ['成功率', 'Success rate'],
  'board.queues': ['待处理', 'Waiting for an operator'],
  'board.depositsInAudit': ['充值待审核', 'Deposits in audit'],
  'board.withdrawalsInReview': ['提现待审核', 'Withdrawals in review'],
  'board.withdrawalsOverdue': ['超时未完成提现', 'Withdrawals timed out'],
  'board.withdrawalsDetained': ['提现已扣留', 'Withdrawals detained'],
  'board.failedCallbacks': ['商户通知失败', 'Failed callbacks'],
  'board.passages': ['通道健康', 'Passage health'],
  'board.healthy': ['正常', 'Healthy'],
  'board.degraded': ['降级', 'Degraded'],
  'board.down': ['不可用', 'Down'],
  'board.allHealthy': ['所有启用的通道均正常', 'Every passage switched on is healthy'],
  'board.trend': ['近7日趋势', 'Last 7 days'],
  'board.trendDepositCount': ['充值笔数', 'Deposit orders'],
  'board.trendWithdrawCount': ['提现笔数', 'Withdrawal orders'],
  'board.trendDepositAmount': ['充值成功金额', 'Deposits succeeded (amount)'],
  'board.trendWithdrawAmount': ['提现成功金额', 'Withdrawals succeeded (amount)'],
  'board.rateNone': ['—', '—'],
});

export function useDashboardLabels(): void {
  useState(() => addLabels('@dashboard', labels));
}
