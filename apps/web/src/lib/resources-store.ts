/**
 * The operator's resources: fetched after sign-in and at start-up, and again once the clock passes
 * the server's timestamp (the shell checks every second, spec §9).
 */
import { create } from 'zustand';
import { api, onCodeNeeded, RESOURCE_PATH } from './api.ts';
import { getToken } from './auth-store.ts';
import { buildPermissionMap, isResourceStale, type PermissionMap } from './resources.ts';

interface ResourceAnswer {
  resource: string[];
  timestamp: number;
}

interface ResourcesState {
  permissions: PermissionMap;
  timestamp: number | undefined;
  loaded: boolean;
  loading: boolean;
}

export const useResources = create<ResourcesState>(() => ({
  permissions: new Map(),
  timestamp: undefined,
  loaded: false,
  loading: false,
}));

export async function fetchResources(): Promise<void> {
  if (!getToken() || useResources.getState().loading) return;
  useResources.setState({ loading: true });
  try {
    const answer = await api<ResourceAnswer>(RESOURCE_PATH, { codeDialog: false });
    useResources.setState({
      permissions: buildPermissionMap(answer.resource ?? []),
      timestamp: answer.timestamp,
      loaded: true,
    });
  } catch {
    // The client already showed the error; keep what we had and try again at the next tick.
  } finally {
    useResources.setState({ loading: false });
  }
}

/** Called every second by the shell. */
export function refreshResourcesIfStale(): void {
  const { timestamp, loaded } = useResources.getState();
  if (loaded && isResourceStale(timestamp, Date.now())) void fetchResources();
}

/**
 * The operator's permissions once they are known: a click right after a page load can come before
 * the first answer, and must not be told "no permission" for it.
 */
export async function loadedPermissions(): Promise<PermissionMap> {
  const now = useResources.getState();
  if (now.loaded) return now.permissions;
  return new Promise((resolve) => {
    const stop = useResources.subscribe((s) => {
      if (!s.loaded) return;
      stop();
      resolve(s.permissions);
    });
    void fetchResources();
  });
}

/** Whether the operator's grant of `permission` needs an authenticator code (no `:0`). */
export function permissionNeedsCode(permission: string): boolean {
  return useResources.getState().permissions.get(permission) ?? true;
}

onCodeNeeded(() => void fetchResources());
