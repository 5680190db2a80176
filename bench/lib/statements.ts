import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type postgres from 'postgres';

/**
 * `BENCH_STATEMENTS=<dir>`: what each measured phase cost Postgres, statement by statement. Around a phase, the
 * database's pg_stat_statements entries are reset, then its 40 costliest statements (total execution time) are
 * written to `<dir>/<label>.json` with calls, plans made (fewer than calls: a cached generic plan ran), mean ms,
 * planning ms a call (with `pg_stat_statements.track_planning` on;
 * 0 otherwise), JIT compilation ms a call (the service's connections run with JIT off: db/client.ts; anything here
 * is another client's), buffers a call (hit or read), of them read from outside shared_buffers, dirtied, and the WAL a
 * call wrote (full-page images, bytes). Needs a server with pg_stat_statements
 * loaded (`shared_preload_libraries`) and the extension created in the bench database's server; without the
 * variable nothing is done. Statement ids differ between databases (they hash table oids): compare by text.
 */
export async function aroundPhase<T>(sql: postgres.Sql, label: string, phase: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_STATEMENTS;
  if (!dir) return phase();
  await sql`create extension if not exists pg_stat_statements`;
  const [{ oid }] = await sql<{ oid: number }[]>`select oid::int from pg_database where datname = current_database()`;
  await sql`select pg_stat_statements_reset(0, ${oid}::oid, 0)`;
  const result = await phase();
  const rows = await sql<
    { calls: number; plans: number; total_ms: number; mean_ms: number; plan_ms: number; jit_ms: number; buffers: number; read: number; dirtied: number; wal_fpi: number; wal_bytes: number; query: string }[]
  >`
    select calls::int, plans::int, round(total_exec_time::numeric, 1)::float8 as total_ms, round(mean_exec_time::numeric, 3)::float8 as mean_ms,
           round((total_plan_time / greatest(calls, 1))::numeric, 3)::float8 as plan_ms,
           round(((jit_generation_time + jit_inlining_time + jit_optimization_time + jit_emission_time) / greatest(calls, 1))::numeric, 3)::float8 as jit_ms,
           round((shared_blks_hit + shared_blks_read)::numeric / greatest(calls, 1))::int as buffers,
           round(shared_blks_read::numeric / greatest(calls, 1), 1)::float8 as read, round(shared_blks_dirtied::numeric / greatest(calls, 1), 1)::float8 as dirtied,
           round(wal_fpi::numeric / greatest(calls, 1), 1)::float8 as wal_fpi, round(wal_bytes / greatest(calls, 1))::int as wal_bytes,
           left(regexp_replace(query, '\\s+', ' ', 'g'), 400) as query
      from pg_stat_statements where dbid = ${oid} order by total_exec_time + total_plan_time desc limit 40`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${label}.json`), JSON.stringify(rows, null, 1));
  return result;
}
