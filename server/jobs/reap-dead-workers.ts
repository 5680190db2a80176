import { hostname } from 'node:os';
import type postgres from 'postgres';
import { logger } from '@/server/lib/logger';

/**
 * graphile-worker only gives back the jobs of a worker that died without a
 * clean stop (SIGKILL, out of memory, power loss) after 4 hours: until then
 * a dispatch it was running stays `processing`. Each worker process therefore
 * records heartbeat rows for its graphile-worker ids (worker.ts) and, at start
 * and on every heartbeat, unlocks the jobs of workers that are dead:
 *  - their process ran on this host and its pid is gone (a restart after a
 *    crash recovers at once), or
 *  - their heartbeat is older than STALE_MS (another host, or a reused pid), or
 *  - they have no heartbeat row at all and their oldest lock is older than
 *    ORPHAN_LOCK_MS (a runner that never recorded itself).
 * And its own: a job locked in the name of this process for more than
 * OWN_LEFTOVER_MS that it is not running (graphile-worker could not record how it
 * ended, or never received the job it locked, because the database was gone at
 * that moment) is unlocked too, once the id that holds it holds nothing it is
 * running: graphile-worker unlocks by worker id, not by job.
 * A job unlocked this way runs again: every task is idempotent.
 *
 * Only graphile-worker's public SQL API: locks are read from the view
 * graphile_worker.jobs and given back with graphile_worker.force_unlock_workers.
 */
export const STALE_MS = 30_000;
export const ORPHAN_LOCK_MS = 5 * 60_000;
/** Our own lock on a job we are not running: older than this, it was left behind. */
export const OWN_LEFTOVER_MS = 5_000;

type Owner = { wid: string; owner: string | null; seen_at: Date | null; locked_at: Date };

export async function reapDeadWorkers(
  sql: postgres.Sql,
  opts: { self: string; selfIds?: string[]; running?: string[]; now?: Date },
): Promise<string[]> {
  const now = (opts.now ?? new Date()).getTime();
  if (opts.selfIds?.length) {
    // An id of ours whose every lock is a leftover (older than OWN_LEFTOVER_MS, and no job we are running), unlocked
    // in the statement that finds it: no round trip between the two in which it could take a new job.
    const freed = await sql<{ wid: string; jobs: string[] }[]>`
      with leftovers as (
        select locked_by as wid, array_agg(id::text order by id) as jobs from graphile_worker.jobs
         where locked_by = any(${opts.selfIds}::text[])
         group by locked_by
        having bool_and(locked_at < ${new Date(now - OWN_LEFTOVER_MS)} and id <> all(${(opts.running ?? []).map(Number)}::bigint[]))
      )
      select wid, jobs, graphile_worker.force_unlock_workers(array[wid])::text as unlocked from leftovers`;
    if (freed.length) logger.warn('unlocked jobs this worker could not finish recording', { jobs: freed.flatMap((f) => f.jobs) });
  }
  const owners = await sql<Owner[]>`
    with locks as (
      select locked_by as wid, min(locked_at) as locked_at from graphile_worker.jobs
       where locked_by is not null group by locked_by
    )
    select l.wid, split_part(h.worker_id, '@', 2) as owner, h.seen_at, l.locked_at
      from locks l left join worker_heartbeats h on split_part(h.worker_id, '@', 1) = l.wid and h.worker_id like '%@%'`;
  const dead = owners.filter((o) => {
    if (o.owner === opts.self) return false;
    if (!o.owner) return now - new Date(o.locked_at).getTime() > ORPHAN_LOCK_MS;
    const proc = parseOwner(o.owner);
    if (proc && proc.host === hostname() && !alive(proc.pid)) return true;
    return !o.seen_at || now - new Date(o.seen_at).getTime() > STALE_MS;
  });
  if (dead.length === 0) return [];
  const ids = dead.map((o) => o.wid);
  await sql`select graphile_worker.force_unlock_workers(${ids}::text[])`;
  await sql`delete from worker_heartbeats where split_part(worker_id, '@', 1) = any(${ids}::text[])`;
  logger.warn('unlocked the jobs of dead workers', { workers: ids });
  return ids;
}

/** `<host>-<pid>-<rand>` (worker.ts); the host name may itself contain dashes. */
function parseOwner(owner: string): { host: string; pid: number } | null {
  const parts = owner.split('-');
  if (parts.length < 3) return null;
  const pid = Number(parts[parts.length - 2]);
  return Number.isInteger(pid) && pid > 0 ? { host: parts.slice(0, -2).join('-'), pid } : null;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
