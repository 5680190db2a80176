import { handleIdentity } from '@/db/client';

/**
 * Drizzle prepared queries, built once per database handle: the hot reads
 * (authentication, status, prices) skip drizzle's query building on every
 * request (docs/performance.md) and run as named prepared statements. Keyed by the pool (or transaction), so each gets its own.
 */
const cache = new WeakMap<object, Map<string, unknown>>();

export function prepared<T>(db: object, name: string, build: () => T): T {
  const owner = handleIdentity(db);
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
