import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { Health } from '@/server/contracts/health';
import pkg from '@/package.json';

const DB_TIMEOUT_MS = 2000;
const WORKER_FRESH_MS = 30_000;

/** D12: database reachability (bounded by a timeout) and the freshest worker heartbeat; D14: SMPP connectors without a bound session. */
export async function getHealth(db: DbOrTx, now: Date): Promise<Health> {
  let database: Health['checks']['database'] = 'ok';
  let worker: Health['checks']['worker'] = 'unknown';
  let connectors: Health['checks']['connectors'] = { status: 'ok', unbound: [] };
  try {
    const rows = await withTimeout(
      db.execute<{ seen_at: string | null }>(sql`select max(seen_at) as seen_at from worker_heartbeats`),
      DB_TIMEOUT_MS,
    );
    const seen = rows[0]?.seen_at ? new Date(rows[0].seen_at) : null;
    worker = !seen ? 'down' : now.getTime() - seen.getTime() <= WORKER_FRESH_MS ? 'ok' : 'stale';
    const unbound = await withTimeout(
      db.execute<{ name: string }>(sql`
        select c.name from connectors c left join connector_leases l on l.connector_id = c.id and l.expires_at > now()
         where c.kind = 'smpp' and c.enabled and coalesce(l.bound_sessions, 0) = 0 order by c.name`),
      DB_TIMEOUT_MS,
    );
    connectors = { status: unbound.length ? 'degraded' : 'ok', unbound: unbound.map((u) => u.name) };
  } catch {
    database = 'down';
  }
  return {
    status: database === 'ok' ? 'ok' : 'degraded',
    version: pkg.version,
    time: now.toISOString(),
    checks: { database, worker, connectors },
  };
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    p,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
