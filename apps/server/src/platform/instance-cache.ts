/**
 * A short per-instance memory for data a hot path asks on every call and operators change rarely (a
 * setting, the pay parameters): read at most every INSTANCE_CACHE_TTL_MS per instance. The writer on
 * this instance forgets its key, so its own change shows at once; other instances follow within the TTL.
 */
import type { AppContext } from './context.ts';

export const INSTANCE_CACHE_TTL_MS = 3000;

const memory = new WeakMap<AppContext, Map<string, { at: number; value: unknown }>>();

export async function remembered<T>(ctx: AppContext, key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const byKey = memory.get(ctx) ?? new Map();
  memory.set(ctx, byKey);
  const hit = byKey.get(key);
  if (hit && now - hit.at < INSTANCE_CACHE_TTL_MS) return hit.value as T;
  const value = await load();
  byKey.set(key, { at: now, value });
  return value;
}

export function forget(ctx: AppContext, key: string): void {
  memory.get(ctx)?.delete(key);
}
