/**
 * Whether an action shows (spec §6): the one hook and the one component every page uses.
 * `permission` is an id of packages/contracts/src/permissions.ts (`Permission.*` or `<group>.<page>`).
 */
import { type ReactNode, useCallback } from 'react';
import { useResources } from './resources-store.ts';

export function useCan(): (permission: string) => boolean {
  const permissions = useResources((s) => s.permissions);
  return useCallback((permission: string) => permissions.has(permission), [permissions]);
}

/** Same question, with the code flag: true when the grant of `permission` needs an authenticator code. */
export function useNeedsCode(): (permission: string) => boolean {
  const permissions = useResources((s) => s.permissions);
  return useCallback((permission: string) => permissions.get(permission) ?? true, [permissions]);
}

export function Can({
  permission,
  children,
  fallback = null,
}: {
  permission: string;
  children: ReactNode;
  fallback?: ReactNode;
}): ReactNode {
  const can = useCan();
  return can(permission) ? children : fallback;
}
