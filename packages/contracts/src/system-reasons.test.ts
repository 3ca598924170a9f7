import { describe, expect, it } from 'vitest';
import { reasonText, systemReason } from './system-reasons.ts';

describe('system reasons', () => {
  it('are stored as codes and read in the reader language, with their detail', () => {
    expect(systemReason('timeout')).toBe('@timeout');
    expect(reasonText(systemReason('timeout'), 'zh-CN')).toBe('超时');
    expect(reasonText(systemReason('timeout'), 'en-US')).toBe('Timed out');
    const rule = systemReason('autoReview', '小额自动审核');
    expect(reasonText(rule, 'en-US')).toBe('Auto-review: 小额自动审核');
    expect(reasonText(systemReason('riskHold.blackCard', '#7'), 'zh-CN')).toBe(
      '风控拦截（银行卡黑名单）: #7',
    );
  });

  it('leave what an operator typed as typed, an unknown code too', () => {
    for (const typed of ['会员称不再充值', '@someone said so', 'timeout', '@timeout!', ''])
      expect(reasonText(typed, 'en-US')).toBe(typed);
  });
});
