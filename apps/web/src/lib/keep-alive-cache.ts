/**
 * Which pages stay mounted (the spec's keep-alive). Least recently used order, capped at 10
 * (performance.md: at most 10 cached pages, so 20 opened and closed tabs do not grow the heap).
 */
export const KEEP_ALIVE_MAX = 10;

/** Marks `path` as just used; drops the least recently used beyond `max`, never `path` itself. */
export function touchCache(cache: readonly string[], path: string, max = KEEP_ALIVE_MAX): string[] {
  const next = cache.filter((p) => p !== path);
  next.push(path);
  while (next.length > max) next.shift();
  return next;
}

/** Frees the pages whose tab is gone. */
export function retainCache(cache: readonly string[], openPaths: Iterable<string>): string[] {
  const open = new Set(openPaths);
  return cache.filter((p) => open.has(p));
}

export function evictCache(cache: readonly string[], path: string): string[] {
  return cache.filter((p) => p !== path);
}
