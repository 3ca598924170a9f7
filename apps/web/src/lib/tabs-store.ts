/** Open tabs, persisted under the spec's key `tabs`; the rules live in tab-rules.ts. */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { TABS_KEY } from './storage-keys.ts';
import {
  closeAll,
  closeOthers,
  closeSide,
  closeTab,
  DASHBOARD_TAB,
  normalizeTabs,
  openTab,
  type Side,
  type Tab,
} from './tab-rules.ts';

interface TabsState {
  tabs: Tab[];
  open: (tab: Tab) => void;
  /** Each returns where to navigate, if the active tab went away. */
  close: (path: string, activePath: string) => string | undefined;
  closeOthers: (path: string, activePath: string) => string | undefined;
  closeAll: (activePath: string) => string | undefined;
  closeSide: (path: string, side: Side, activePath: string) => string | undefined;
}

export const useTabs = create<TabsState>()(
  persist(
    (set, get) => ({
      tabs: [DASHBOARD_TAB],
      open: (tab) => set({ tabs: openTab(get().tabs, tab) }),
      close: (path, activePath) => {
        const result = closeTab(get().tabs, path, activePath);
        set({ tabs: result.tabs });
        return result.navigateTo;
      },
      closeOthers: (path, activePath) => {
        const result = closeOthers(get().tabs, path, activePath);
        set({ tabs: result.tabs });
        return result.navigateTo;
      },
      closeAll: (activePath) => {
        const result = closeAll(get().tabs, activePath);
        set({ tabs: result.tabs });
        return result.navigateTo;
      },
      closeSide: (path, side, activePath) => {
        const result = closeSide(get().tabs, path, side, activePath);
        set({ tabs: result.tabs });
        return result.navigateTo;
      },
    }),
    {
      name: TABS_KEY,
      partialize: (s) => ({ tabs: s.tabs }),
      // Whatever was stored (older shapes, a hand-edited value), the dashboard comes first and once.
      merge: (persisted, current) => {
        const stored = (persisted as { tabs?: unknown } | undefined)?.tabs;
        const tabs = Array.isArray(stored) ? (stored.filter(isTab) as Tab[]) : [];
        return { ...current, tabs: normalizeTabs(tabs) };
      },
    },
  ),
);

function isTab(value: unknown): value is Tab {
  const t = value as Tab | null;
  return (
    !!t && typeof t.path === 'string' && typeof t.fullPath === 'string' && typeof t.titleKey === 'string'
  );
}
