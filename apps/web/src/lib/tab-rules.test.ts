import { describe, expect, it } from 'vitest';
import {
  canCloseAll,
  canCloseOthers,
  canCloseSide,
  closeAll,
  closeOthers,
  closeSide,
  closeTab,
  DASHBOARD_TAB,
  normalizeTabs,
  openTab,
  type Tab,
} from './tab-rules.ts';

const tab = (path: string): Tab => ({ path, fullPath: path, titleKey: `t${path}` });
const a = tab('/mch/mchList');
const b = tab('/sys/user');
const c = tab('/order/orderTransferList');

describe('tab rules', () => {
  it('close others needs 3 or more tabs, close all 2 or more', () => {
    expect(canCloseOthers([DASHBOARD_TAB, a])).toBe(false);
    expect(canCloseOthers([DASHBOARD_TAB, a, b])).toBe(true);
    expect(canCloseAll([DASHBOARD_TAB])).toBe(false);
    expect(canCloseAll([DASHBOARD_TAB, a])).toBe(true);
  });

  it('never closes the dashboard', () => {
    const tabs = [DASHBOARD_TAB, a];
    expect(closeTab(tabs, '/dashboard', '/dashboard').tabs).toEqual(tabs);
    expect(closeAll(tabs, a.path).tabs).toEqual([DASHBOARD_TAB]);
    expect(closeOthers([DASHBOARD_TAB, a, b], b.path, b.path).tabs).toEqual([DASHBOARD_TAB, b]);
  });

  it('closing the active tab goes to the previous tab', () => {
    const result = closeTab([DASHBOARD_TAB, a, b, c], b.path, b.path);
    expect(result.tabs.map((t) => t.path)).toEqual(['/dashboard', a.path, c.path]);
    expect(result.navigateTo).toBe(a.path);
  });

  it('closing the first tab after the dashboard goes to the dashboard', () => {
    expect(closeTab([DASHBOARD_TAB, a, b], a.path, a.path).navigateTo).toBe('/dashboard');
  });

  it('closing an inactive tab stays where it is', () => {
    expect(closeTab([DASHBOARD_TAB, a, b], a.path, b.path).navigateTo).toBeUndefined();
  });

  it('close others keeps the chosen tab and makes it active; does nothing under 3 tabs', () => {
    const result = closeOthers([DASHBOARD_TAB, a, b, c], b.path, c.path);
    expect(result.tabs).toEqual([DASHBOARD_TAB, b]);
    expect(result.navigateTo).toBe(b.path);
    expect(closeOthers([DASHBOARD_TAB, a], a.path, a.path).tabs).toEqual([DASHBOARD_TAB, a]);
  });

  it('close all goes to the dashboard; does nothing with the dashboard alone', () => {
    expect(closeAll([DASHBOARD_TAB, a, b], b.path)).toEqual({
      tabs: [DASHBOARD_TAB],
      navigateTo: '/dashboard',
    });
    expect(closeAll([DASHBOARD_TAB], '/dashboard')).toEqual({ tabs: [DASHBOARD_TAB] });
  });

  it('opening keeps one tab per path and the dashboard first', () => {
    let tabs = openTab([DASHBOARD_TAB], a);
    tabs = openTab(tabs, { ...a, fullPath: `${a.path}?match=1` });
    expect(tabs).toHaveLength(2);
    expect(tabs[1]?.fullPath).toBe(`${a.path}?match=1`);
    expect(normalizeTabs([b, DASHBOARD_TAB, b])[0]).toEqual(DASHBOARD_TAB);
    expect(normalizeTabs([b, DASHBOARD_TAB, b])).toHaveLength(2);
  });

  it('closes the tabs left or right of the right-clicked one, never the dashboard', () => {
    const tabs = [DASHBOARD_TAB, a, b, c];
    expect(canCloseSide(tabs, a.path, 'left')).toBe(false);
    expect(canCloseSide(tabs, c.path, 'right')).toBe(false);
    expect(closeSide(tabs, b.path, 'left', c.path)).toEqual({ tabs: [DASHBOARD_TAB, b, c] });
    expect(closeSide(tabs, b.path, 'right', b.path)).toEqual({ tabs: [DASHBOARD_TAB, a, b] });
    // The active tab went away: the right-clicked one takes over.
    expect(closeSide(tabs, a.path, 'right', c.path)).toEqual({
      tabs: [DASHBOARD_TAB, a],
      navigateTo: a.path,
    });
  });
});
