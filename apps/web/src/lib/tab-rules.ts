/**
 * Rules of the tab bar (spec §2 Layout), kept pure so they can be unit-tested without a DOM.
 * The dashboard tab is always first and can never be closed.
 */
import { DASHBOARD_PATH } from '@payops/contracts/routes';

export interface Tab {
  /** Path without query: the identity of the tab (and of its kept-alive page). */
  path: string;
  /** Path with query, to return to exactly what was open. */
  fullPath: string;
  /** i18n key of the title. */
  titleKey: string;
}

export const DASHBOARD_TAB: Tab = {
  path: DASHBOARD_PATH,
  fullPath: DASHBOARD_PATH,
  titleKey: 'route.dashboard',
};

export function isClosable(tab: Pick<Tab, 'path'>): boolean {
  return tab.path !== DASHBOARD_PATH;
}

/** Puts the dashboard first and drops duplicates; used after reading persisted tabs. */
export function normalizeTabs(tabs: readonly Tab[]): Tab[] {
  const seen = new Set<string>([DASHBOARD_PATH]);
  const rest: Tab[] = [];
  for (const tab of tabs) {
    if (seen.has(tab.path)) continue;
    seen.add(tab.path);
    rest.push(tab);
  }
  const dash = tabs.find((t) => t.path === DASHBOARD_PATH) ?? DASHBOARD_TAB;
  return [dash, ...rest];
}

/** Adds the tab or refreshes its full path (a new query on the same page keeps one tab). */
export function openTab(tabs: readonly Tab[], tab: Tab): Tab[] {
  const index = tabs.findIndex((t) => t.path === tab.path);
  if (index === -1) return normalizeTabs([...tabs, tab]);
  const next = [...tabs];
  next[index] = { ...tabs[index], ...tab };
  return normalizeTabs(next);
}

export const canCloseOthers = (tabs: readonly Tab[]): boolean => tabs.length >= 3;
export const canCloseAll = (tabs: readonly Tab[]): boolean => tabs.length >= 2;

export interface CloseResult {
  tabs: Tab[];
  /** Where to go when the active tab went away; undefined when the active tab stays. */
  navigateTo?: string;
}

/** Closes one tab. Closing the active tab goes to the tab before it, else to the dashboard. */
export function closeTab(tabs: readonly Tab[], path: string, activePath: string): CloseResult {
  if (path === DASHBOARD_PATH) return { tabs: [...tabs] };
  const index = tabs.findIndex((t) => t.path === path);
  if (index === -1) return { tabs: [...tabs] };
  const next = tabs.filter((t) => t.path !== path);
  if (path !== activePath) return { tabs: next };
  const previous = tabs[index - 1];
  return { tabs: next, navigateTo: previous ? previous.fullPath : DASHBOARD_PATH };
}

/** Keeps the dashboard and the given tab (the one right-clicked), which becomes active. */
export function closeOthers(tabs: readonly Tab[], path: string, activePath: string): CloseResult {
  if (!canCloseOthers(tabs)) return { tabs: [...tabs] };
  const next = tabs.filter((t) => !isClosable(t) || t.path === path);
  const kept = next.find((t) => t.path === path);
  return { tabs: next, navigateTo: path === activePath || !kept ? undefined : kept.fullPath };
}

/** Keeps only the dashboard and goes there. */
export function closeAll(tabs: readonly Tab[], activePath: string): CloseResult {
  if (!canCloseAll(tabs)) return { tabs: [...tabs] };
  const next = tabs.filter((t) => !isClosable(t));
  return { tabs: next, navigateTo: activePath === DASHBOARD_PATH ? undefined : DASHBOARD_PATH };
}

export type Side = 'left' | 'right';

/** Closable tabs on that side of `path` (the dashboard never counts). */
function sideTabs(tabs: readonly Tab[], path: string, side: Side): Tab[] {
  const index = tabs.findIndex((t) => t.path === path);
  if (index === -1) return [];
  const range = side === 'left' ? tabs.slice(0, index) : tabs.slice(index + 1);
  return range.filter(isClosable);
}

export const canCloseSide = (tabs: readonly Tab[], path: string, side: Side): boolean =>
  sideTabs(tabs, path, side).length > 0;

/**
 * Closes the closable tabs left or right of `path` (as ant-design-pro and vue-element-admin do).
 * When the active tab is among them, the right-clicked tab becomes active.
 */
export function closeSide(tabs: readonly Tab[], path: string, side: Side, activePath: string): CloseResult {
  const gone = new Set(sideTabs(tabs, path, side).map((t) => t.path));
  if (gone.size === 0) return { tabs: [...tabs] };
  const next = tabs.filter((t) => !gone.has(t.path));
  const kept = next.find((t) => t.path === path);
  return { tabs: next, navigateTo: gone.has(activePath) ? kept?.fullPath : undefined };
}
