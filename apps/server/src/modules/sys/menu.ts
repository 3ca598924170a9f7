/** The operator's menu: the route table filtered by the pages their roles hold. */
import { pagePermission, routeGroups } from '@payops/contracts';
import type { AppContext } from '../../platform/context.ts';
import { operatorResources } from '../../platform/permissions.ts';
import { isCashierStaff } from '../../platform/staff-only.ts';

export interface MenuGroup {
  name: string;
  path: string;
  redirect: string;
  titleKey: string;
  icon: string;
  children: { name: string; path: string; titleKey: string; cache: boolean; placeholder?: boolean }[];
}

export async function buildMenu(ctx: AppContext, operatorId: number, username: string): Promise<MenuGroup[]> {
  const held = new Set((await operatorResources(ctx, operatorId)).map((r) => r.permission));
  const staff = await isCashierStaff(ctx, username);
  const menu: MenuGroup[] = [];
  for (const group of routeGroups) {
    const children = group.children
      .filter((c) => held.has(pagePermission(group.name, c.name)))
      .filter((c) => !c.staffOnly || staff)
      .filter((c) => !c.menuHidden)
      .map((c) => ({
        name: c.name,
        path: c.path,
        titleKey: c.titleKey,
        cache: c.cache,
        ...(c.placeholder ? { placeholder: true } : {}),
      }));
    if (children.length === 0) continue;
    const { name, path, redirect, titleKey, icon } = group;
    menu.push({ name, path, redirect, titleKey, icon, children });
  }
  return menu;
}
