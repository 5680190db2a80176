/**
 * Drizzle prepared queries, built once per database handle: the hot reads
 * (authentication, status, prices) skip drizzle's query building on every
 * request (docs/performance.md) and run as named prepared statements. Keyed by the pool (or transaction), so each gets its own.
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: object, name: string, build: () => T): T {
  // A pool's identity is its client (db() may replace the pool behind one handle).
  const owner = ((db as { $client?: object }).$client ?? db) as object;
  let byName = cache.get(owner);
  if (!byName) {
    byName = new Map();
    cache.set(owner, byName);
  }
  let q = byName.get(name) as T | undefined;
  if (q === undefined) {
    q = build();
    byName.set(name, q);
  }
  return q;
}
