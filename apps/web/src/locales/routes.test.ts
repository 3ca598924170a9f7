import { routeGroups } from '@payops/contracts';
import { describe, expect, it } from 'vitest';
import enUS from './en-US/routes.ts';
import zhCN from './zh-CN/routes.ts';

const EXTRA_KEYS = ['dashboard', 'fixed'];
const FIXED_KEYS = ['login', 'notFound', 'noAccess', 'redirect'];

const locales: [string, Record<string, unknown>][] = [
  ['zh-CN', zhCN.route],
  ['en-US', enUS.route],
];

function isNonEmptyString(value: unknown): boolean {
  return typeof value === 'string' && value.trim().length > 0;
}

describe.each(locales)('route titles (%s)', (_lang, route) => {
  it('has a title for every group and every child', () => {
    for (const group of routeGroups) {
      const titles = route[group.name] as Record<string, unknown> | undefined;
      expect(titles, `group ${group.name}`).toBeDefined();
      expect(isNonEmptyString(titles?._), `${group.name}._`).toBe(true);
      for (const child of group.children) {
        expect(isNonEmptyString(titles?.[child.name]), `${group.name}.${child.name}`).toBe(true);
      }
    }
  });

  it('has no keys outside the route table', () => {
    const groupNames = routeGroups.map((g) => g.name);
    expect(Object.keys(route).filter((k) => !groupNames.includes(k) && !EXTRA_KEYS.includes(k))).toEqual([]);
    for (const group of routeGroups) {
      const known = ['_', ...group.children.map((c) => c.name)];
      const keys = Object.keys(route[group.name] as Record<string, unknown>);
      expect(
        keys.filter((k) => !known.includes(k)),
        `extra keys in ${group.name}`,
      ).toEqual([]);
    }
  });

  it('has the dashboard and fixed route titles', () => {
    expect(isNonEmptyString(route.dashboard)).toBe(true);
    const fixed = route.fixed as Record<string, unknown>;
    for (const key of FIXED_KEYS) {
      expect(isNonEmptyString(fixed[key]), `fixed.${key}`).toBe(true);
    }
    expect(Object.keys(fixed).filter((k) => !FIXED_KEYS.includes(k))).toEqual([]);
  });

  it('resolves every titleKey of the route table', () => {
    for (const group of routeGroups) {
      for (const key of [group.titleKey, ...group.children.map((c) => c.titleKey)]) {
        const value = key
          .split('.')
          .slice(1)
          .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], route);
        expect(isNonEmptyString(value), key).toBe(true);
      }
    }
  });
});
