/**
 * The operator's resource list (`GET /api/resource`) as a lookup, kept pure for tests.
 * Entries are `<id>:<permission>` (needs an authenticator code) or `<id>:<permission>:0` (does not).
 */
import { parseResource } from '@payops/contracts/permissions';

/** permission -> needs an authenticator code */
export type PermissionMap = ReadonlyMap<string, boolean>;

export function buildPermissionMap(resource: readonly string[]): PermissionMap {
  const map = new Map<string, boolean>();
  for (const entry of resource) {
    const parsed = parseResource(entry);
    if (!parsed.permission) continue;
    // Several resources may grant one permission; a code is needed only if every grant needs one.
    const before = map.get(parsed.permission);
    map.set(parsed.permission, before === undefined ? parsed.needsCode : before && parsed.needsCode);
  }
  return map;
}

/** True once the clock has passed the server's timestamp (seconds), so the list must be fetched again. */
export function isResourceStale(timestamp: number | undefined, nowMs: number): boolean {
  if (timestamp === undefined || !Number.isFinite(timestamp)) return false;
  return nowMs / 1000 > timestamp;
}
