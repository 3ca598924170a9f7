import { TRADE_OBJECT_TYPES } from '@payops/contracts/resources/trade/trade-logs';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n.ts';
import { actionChoices, actionName, objectTypeChoices, objectTypeName } from './permission-label.ts';

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

describe("the operation log's filters choose by name", () => {
  it('offers every action by its name with its id, and no route path of a definition', () => {
    const choices = actionChoices(t);
    const approve = choices.find((c) => c.value === 'mch.mchList.approve');
    expect(approve?.label).toBe(`${actionName('mch.mchList.approve', t)} (mch.mchList.approve)`);
    expect(choices.find((c) => c.value === '/api/logout')?.label).toMatch(/^退出登录|登出/);
    expect(choices.filter((c) => c.value.startsWith('/api/mch/'))).toEqual([]);
    expect(new Set(choices.map((c) => c.value)).size).toBe(choices.length);
  });

  it('names the object types that are no definition, and offers them with the pages', () => {
    expect(objectTypeName('operator', t)).toBe('后台用户');
    expect(objectTypeName('session', t)).toBe('登录会话');
    const choices = objectTypeChoices(t);
    expect(choices).toContainEqual({ value: 'sys_config', label: '系统配置 (sys_config)' });
    expect(choices.find((c) => c.value === 'mchList')?.label).toBe(
      `${objectTypeName('mchList', t)} (mchList)`,
    );
  });

  it("offers a view's scope only: the market's log, its types and their pages' actions", () => {
    const types = objectTypeChoices(t, TRADE_OBJECT_TYPES).map((c) => c.value);
    expect(types.sort()).toEqual([...TRADE_OBJECT_TYPES].sort());
    const actions = actionChoices(t, TRADE_OBJECT_TYPES);
    expect(actions.length).toBeGreaterThan(5);
    expect(actions.filter((c) => !c.value.startsWith('tradeManage.'))).toEqual([]);
    expect(actions.map((c) => c.value)).toContain('tradeManage.trade_approve_order_page.take');
  });
});
