import { describe, expect, it } from 'vitest';
import { localText, systemText } from './system-texts.ts';

describe('system texts', () => {
  it('are stored as codes and read in the reader language, with their detail', () => {
    expect(systemText('timeout')).toBe('@timeout');
    expect(localText(systemText('timeout'), 'zh-CN')).toBe('超时');
    expect(localText(systemText('timeout'), 'en-US')).toBe('Timed out');
    const rule = systemText('autoReview', '小额自动审核');
    expect(localText(rule, 'en-US')).toBe('Auto-review: 小额自动审核');
    expect(localText(systemText('riskHold.blackCard', '#7'), 'zh-CN')).toBe('风控拦截（银行卡黑名单）: #7');
  });

  it('name who acted when no operator did', () => {
    expect(localText(systemText('system'), 'zh-CN')).toBe('系统');
    expect(localText(systemText('merchant', 'M10453534'), 'en-US')).toBe('Merchant: M10453534');
    expect(localText(systemText('wallet_member', 'w8'), 'zh-CN')).toBe('钱包会员: w8');
  });

  it('leave what an operator typed as typed, an unknown code too', () => {
    for (const typed of ['会员称不再充值', '@someone said so', 'timeout', '@timeout!', ''])
      expect(localText(typed, 'en-US')).toBe(typed);
  });
});
