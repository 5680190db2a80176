/**
 * Probe (issue 16): the service's delivery run (deliver-due.ts) alone in this process, on a kept bench database
 * (BENCH_KEEP_DB=1, renamed), against the bench's receiver child: the merchant's deliveries made pending again,
 * then deliverDueWebhooks until all are delivered. Events/s and CPU per event of this process, Postgres and the
 * receiver. Usage: flock /tmp/bench.lock npx tsx bench/probe-deliver.ts <database url> [runs]; PER_ORG_CAP and
 * PER_ORG_BATCH override DEFAULT_LIMITS, PROBE_TIMING=1 prints each statement kind's count and mean wall time.
 * Keep a database with `BENCH_KEEP_DB=1 npm run bench -- --only webhooks` and rename it at once (inside the same
 * flock): the next bench run drops the sms_bench_* databases of runs that have ended.
 */
import { readFileSync, readdirSync } from 'node:fs';
import postgres from 'postgres';
import { createDb } from '@/db/client';
import { parseEnv } from '@/server/env';
import { deliverDueWebhooks } from '@/server/domain/webhooks/deliver-due';
import { destroyAgents } from '@/server/domain/webhooks/agents';
import { startReceiverChild } from './lib/webhooks';

const url = process.argv[2];
const runs = Number(process.argv[3] ?? 3);
const dbName = new URL(url).pathname.slice(1);
const cpu = (pid: number) => {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const r = f.slice(f.lastIndexOf(')') + 2).split(' ');
    return (Number(r[11]) + Number(r[12])) * 10;
  } catch {
    return 0;
  }
};
const pgCpu = () => {
  let t = 0;
  for (const n of readdirSync('/proc')) {
    if (!/^\d+$/.test(n)) continue;
    try {
      if (readFileSync(`/proc/${n}/cmdline`, 'utf8').includes(` ${dbName} `)) t += cpu(Number(n));
    } catch {
      /* gone */
    }
  }
  return t;
};

const sql = postgres(url, { max: 2, onnotice: () => {} });
const receiver = await startReceiverChild();
const env = parseEnv({ ...process.env, DATABASE_URL: url, APP_SECRET: 'bench-secret-bench-secret-bench-secret-0001', SMS_ENV: 'test', WEBHOOK_TIMEOUT_MS: '20000', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
const db = createDb(url, { max: Number(process.env.DB_POOL_MAX ?? 10) });
const timing = new Map<string, { n: number; ms: number }>();
const note = (k: string, ms: number) => {
  const t = timing.get(k) ?? { n: 0, ms: 0 };
  t.n++;
  t.ms += ms;
  timing.set(k, t);
};
if (process.env.PROBE_TIMING) {
  const exec = db.execute.bind(db);
  (db as any).execute = async (q: any) => {
    const t = performance.now();
    try {
      return await exec(q);
    } finally {
      const text = (q?.queryChunks ?? []).map((c: any) => (Array.isArray(c?.value) ? c.value.join('') : '')).join('').trim().slice(0, 40).replace(/\s+/g, ' ');
      note(text, performance.now() - t);
    }
  };
  const tx = db.transaction.bind(db);
  (db as any).transaction = async (f: any) => {
    const t = performance.now();
    try {
      return await tx(f);
    } finally {
      note('transaction (claim or wake)', performance.now() - t);
    }
  };
}
const [{ org }] = await sql<{ org: string }[]>`select organization_id as org from webhook_deliveries group by 1 order by count(*) desc limit 1`;
for (let r = 0; r < runs; r++) {
  await sql`delete from webhook_attempts where delivery_id in (select id from webhook_deliveries where organization_id = ${org})`;
  const [{ n }] = await sql<{ n: number }[]>`update webhook_deliveries set state = 'pending', attempts = 0, next_attempt_at = now() - interval '1 second', locked_until = null,
    url = ${receiver.url + '/hook'} where organization_id = ${org} returning (select count(*)::int from webhook_deliveries where organization_id = ${org}) as n`;
  await sql`vacuum analyze webhook_deliveries`.catch(() => {});
  await receiver.reset();
  const c0 = process.cpuUsage();
  const p0 = pgCpu();
  const r0 = cpu(receiver.pid);
  const t0 = performance.now();
  const stats = await deliverDueWebhooks({ db, env, now: () => new Date() }, { ...(process.env.FLUSH_MS ? { flushMs: Number(process.env.FLUSH_MS) } : {}), ...(process.env.PER_ORG_CAP ? { perOrgCap: Number(process.env.PER_ORG_CAP) } : {}), ...(process.env.PER_ORG_BATCH ? { perOrgBatch: Number(process.env.PER_ORG_BATCH) } : {}) });
  const ms = performance.now() - t0;
  const c = process.cpuUsage(c0);
  const st = await receiver.stats();
  const per = (x: number) => ((x * 1000) / st.count).toFixed(0);
  console.log(`run ${r}: ${st.count}/${n} events in ${ms.toFixed(0)} ms, ${((st.count / ms) * 1000).toFixed(0)}/s; CPU us per event: self ${per((c.user + c.system) / 1000)} (user ${per(c.user / 1000)} sys ${per(c.system / 1000)}), postgres ${per(pgCpu() - p0)}, receiver ${per(cpu(receiver.pid) - r0)}; attempted ${stats.attempted}`);
  for (const [k, t] of timing) console.log(`   ${String(t.n).padStart(5)} x ${(t.ms / t.n).toFixed(1).padStart(6)} ms  ${k}`);
  timing.clear();
}
destroyAgents();
receiver.stop();
await sql.end();
await db.$client.end();
process.exit(0);
