import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { actionName } from './permission-label.ts';

const t = i18n.t.bind(i18n);

describe('the operation log names an action', () => {
  it('by its page and its label', () => {
    expect(actionName('mch.mchList.approve', t)).toMatch(/ · /);
  });

  it("names the market's service steps on the trading pages only", () => {
    expect(actionName('tradeManage.trade_approve_order_page.take', t)).toMatch(/ · 吃单$/);
    expect(actionName('mch.mchList.take', t)).toBeNull();
    expect(actionName('order.orderDepositList.push', t)).toBeNull();
  });
});
