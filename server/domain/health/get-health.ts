import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { connectorLeases, connectors as carrierConnectors, workerHeartbeats } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import type { Health } from '@/shared/contracts/health';
import type { ProcessFacts, SupervisorFacts } from '@/server/supervisor/supervisor-facts';
import { isCrashLoop, recentRestarts } from '@/server/supervisor/restart-policy';
import pkg from '@/package.json';

const DB_TIMEOUT_MS = 2000;
const WORKER_FRESH_MS = 30_000;

/**
 * D12: database reachability (bounded by a timeout) and the freshest worker
 * heartbeat; D14: enabled connectors whose driver has no bound session (an SMPP
 * connector's binds, the simulator's one when a worker runs it); plus, when the
 * launcher supervises this process, the restarts of its children. Only the
 * database decides `status`.
 */
export async function getHealth(db: DbOrTx, now: Date, supervisor?: SupervisorFacts): Promise<Health> {
  let database: Health['checks']['database'] = 'ok';
  let worker: Health['checks']['worker'] = 'unknown';
  let connectors: Health['checks']['connectors'] = { status: 'ok', unbound: [] };
  try {
    const rows = await withTimeout(
      db.execute<{ seen_at: string | null }>(sql`select max(${workerHeartbeats.seenAt}) as seen_at from ${workerHeartbeats}`),
      DB_TIMEOUT_MS,
    );
    const seen = rows[0]?.seen_at ? new Date(rows[0].seen_at) : null;
    worker = !seen ? 'down' : now.getTime() - seen.getTime() <= WORKER_FRESH_MS ? 'ok' : 'stale';
    const unbound = await withTimeout(
      db.execute<{ name: string }>(sql`
        select ${of('c', carrierConnectors.name)} from ${carrierConnectors} c left join ${connectorLeases} l on ${of('l', connectorLeases.connectorId)} = ${of('c', carrierConnectors.id)} and ${of('l', connectorLeases.expiresAt)} > now()
         where ${of('c', carrierConnectors.enabled)} and coalesce(${of('l', connectorLeases.boundSessions)}, 0) = 0 order by ${of('c', carrierConnectors.name)}`),
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
    checks: {
      database,
      worker,
      connectors,
      ...(supervisor?.web ? { supervisor: supervisorCheck(supervisor.web, supervisor.worker, now.getTime(), supervisor.smpp) } : {}),
    },
  };
}

type SupervisorCheck = NonNullable<Health['checks']['supervisor']>;

export function supervisorCheck(web: ProcessFacts, worker: ProcessFacts | undefined, now: number, smpp?: ProcessFacts): SupervisorCheck {
  const one = (p: ProcessFacts) => ({
    restarts: p.restarts,
    recent_restarts: recentRestarts(p.recent, now).length,
    crash_loop: isCrashLoop(p.recent, now),
    last_exit: p.lastExit,
    last_exit_at: p.lastExitAt === null ? null : new Date(p.lastExitAt).toISOString(),
  });
  const check: SupervisorCheck = { status: 'ok', web: one(web), ...(worker ? { worker: one(worker) } : {}), ...(smpp ? { smpp: one(smpp) } : {}) };
  if (check.web.crash_loop || check.worker?.crash_loop || check.smpp?.crash_loop) check.status = 'crash_loop';
  return check;
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
