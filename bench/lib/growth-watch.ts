import type postgres from 'postgres';
import { machineCpu } from './rss';
import { sleep } from './service';

/**
 * What the cluster does during a timed load: its WAL syncs (pg_stat_wal; their time with track_wal_io_timing on), the
 * wait events of the active backends in this database, sampled every 100 ms (`CPU` where a backend waits on nothing),
 * and the processes of the machine that used the most CPU (machineCpu). Where a row moves between runs, this says
 * whether the commits' flushes, a lock, another statement or another process held it.
 */
export async function watchDatabase(sql: postgres.Sql): Promise<{ stop: () => Promise<{ walSyncs: number; walSyncMs: number; samples: number; waits: string; cpu: string }> }> {
  const wal = async () => (await sql<{ n: string; ms: number }[]>`select wal_sync::text as n, wal_sync_time as ms from pg_stat_wal`)[0];
  const w0 = await wal();
  const cpu = machineCpu();
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      // a read of a data file or a lock wait is named with its backend and statement: who reads the disk under a load of
      // cached reads, who waits for whose lock
      const rows = await sql<{ w: string; n: number }[]>`
        select coalesce(wait_event_type || ':' || wait_event, 'CPU') ||
               case when wait_event_type in ('IO', 'Lock') then ' [' || backend_type || ': ' || left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 60) || ']' else '' end as w,
               count(*)::int as n from pg_stat_activity
         where datname = current_database() and state = 'active' and pid <> pg_backend_pid() group by 1`;
      samples++;
      for (const r of rows) counts.set(r.w, (counts.get(r.w) ?? 0) + r.n);
      await sleep(100);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      const w1 = await wal();
      const waits = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, n]) => `${k} ${(n / Math.max(1, samples)).toFixed(1)}`).join(', ');
      return { walSyncs: Number(w1.n) - Number(w0.n), walSyncMs: w1.ms - w0.ms, samples, waits: waits || 'none', cpu: cpu.top() };
    },
  };
}
