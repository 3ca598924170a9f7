import { describe, expect, it } from 'vitest';
import { inEachLanguage, localText, systemText } from './system-texts.ts';

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

  it('keep a message worded in each language and read it in one', () => {
    const said = inEachLanguage((l) =>
      l === 'en-US' ? 'Invalid request: amount is required' : '请求参数有误: amount 不能为空',
    );
    expect(localText(said, 'en-US')).toBe('Invalid request: amount is required');
    expect(localText(said, 'zh-CN')).toBe('请求参数有误: amount 不能为空');
    // The same words in each language are stored as they are; each language is cut to its length.
    expect(inEachLanguage(() => 'HTTP 503')).toBe('HTTP 503');
    const long = inEachLanguage((l) => (l === 'en-US' ? 'e'.repeat(300) : '中'.repeat(300)), 240);
    expect(localText(long, 'en-US')).toBe('e'.repeat(240));
    expect(localText(long, 'zh-CN')).toBe('中'.repeat(240));
    // Not one of these (a typed text, a broken one) is shown as it is.
    for (const typed of ['@{not json', '@{"fr-FR":1}']) expect(localText(typed, 'en-US')).toBe(typed);
  });
});
