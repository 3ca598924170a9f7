/**
 * A readable name for a permission id `<group>.<page>[.<action>]`: the action's label from its
 * definition (`action.<page>.<name>`), else the common label of a standard action, else the id.
 */
import type { TFunction } from 'i18next';
import { i18n } from '../../lib/i18n.ts';

export function permissionLabel(permission: string, t: TFunction): string {
  const parts = permission.split('.');
  if (parts.length < 3) return permission;
  const page = parts[1]!;
  const action = parts.slice(2).join('.');
  for (const key of [`action.${page}.${action}`, `action.${action}`]) {
    if (i18n.exists(key)) return `${t(key)} (${permission})`;
  }
  return permission;
}
