/**
 * Caches of facts that never change once a row exists (an account's id, its currency, a table's size
 * estimate), kept per database: one process may serve several (the tests run many files in one), and
 * one database's entry must never answer for another's.
 */

/** A pool's key, parsed once from its connection string. */
const poolKeys = new WeakMap<object, string>();

/**
 * host:port/database of a connection (a transaction's client) or of the pool itself (the app's db,
 * which names its database only in its connection string): the same key for both.
 */
function databaseOf(client: unknown): string {
  const c = client as {
    host?: string;
    port?: number;
    database?: string;
    options?: { connectionString?: string; host?: string; port?: number; database?: string };
  };
  if (c.database !== undefined) return `${c.host}:${c.port}/${c.database}`;
  const o = c.options ?? {};
  if (!o.connectionString) return `${o.host}:${o.port}/${o.database}`;
  let key = poolKeys.get(o);
  if (key === undefined) {
    const url = new URL(o.connectionString);
    key = `${url.hostname}:${url.port || 5432}/${decodeURIComponent(url.pathname.slice(1))}`;
    poolKeys.set(o, key);
  }
  return key;
}

/**
 * A cache kept per database (one process may serve several: the tests), never one database's entry
 * for another's; cleared whole when it outgrows `max`.
 */
export function perDatabase<K, V>(caches: Map<string, Map<K, V>>, client: unknown, max = 100_000) {
  const db = databaseOf(client);
  const cache = caches.get(db) ?? new Map<K, V>();
  caches.set(db, cache);
  if (cache.size > max) cache.clear();
  return cache;
}
