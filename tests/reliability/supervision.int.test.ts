import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setRateLimits } from '@/server/domain/keys/manage-keys';
import { closePools, makeMerchant, testDb, testEnv } from '../helpers';
import { ensureBuild, sleep, startService, waitFor, type Service } from './service';

/**
 * Issue 10, point 2: `npm start` is a small supervisor (scripts/run.ts) with a
 * web and a worker child. Each child killed with SIGKILL comes back by itself
 * without the other being touched; a worker killed mid-dispatch is replaced
 * and the new one finishes every accepted send; a worker that keeps dying is
 * reported as a crash loop in the log and in GET /health; SIGTERM to the
 * supervisor stops both children cleanly and exits 0.
 */
const run = promisify(execFile);
const db = testDb();
const env = testEnv();
let svc: Service;

beforeAll(async () => {
  await ensureBuild();
  // A short backoff (100 ms doubling) so that six restarts fit in a test.
  svc = await startService({
    WORKER: 'on',
    LOG_LEVEL: 'warn',
    SUPERVISOR_BACKOFF_MS: '100',
    CARRIER_SIM_DELAY_MS: '150',
    CARRIER_SIM_VALIDITY_S: '1',
    WORKER_CONCURRENCY: '4',
  });
}, 300_000);
afterAll(async () => {
  await svc?.stop();
  await closePools();
});

type Tree = { launcher: number; web?: number; worker?: number };

/** The launcher of the service's process group and its two children, told apart by their script. */
async function tree(): Promise<Tree> {
  const { stdout } = await run('ps', ['-o', 'pid=,ppid=,pgid=,args=', '-e']);
  const rows = stdout
    .split('\n')
    .map((l) => /^\s*(\d+)\s+(\d+)\s+(\d+)\s+(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => !!m && Number(m[3]) === svc.child.pid)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[4] }));
  // (npm's `sh -c "node ... dist/run.js start"` names the script too: the launcher is the node process)
  const launcher = rows.find((r) => /^\S*node\s/.test(r.args) && / (dist\/run\.js|scripts\/run\.ts) start/.test(r.args));
  if (!launcher) throw new Error(`no launcher in\n${stdout}`);
  // (when the launcher runs with tsx, tsx's esbuild service is a child of it too)
  const children = rows.filter((r) => r.ppid === launcher.pid && !r.args.includes('esbuild'));
  const worker = children.find((r) => /dist\/worker\.js|scripts\/worker\.ts/.test(r.args));
  // Next.js may retitle the web process (next-server): it is the launcher's other node child.
  const web = children.find((r) => r !== worker);
  return { launcher: launcher.pid, web: web?.pid, worker: worker?.pid };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function health(): Promise<{ status: number; body: any }> {
  const res = await fetch(`${svc.api}/health`);
  return { status: res.status, body: await res.json() };
}

/** A worker other than `old` is running and has recorded its heartbeat. */
async function newWorker(old: number | undefined, timeoutMs = 30_000): Promise<number> {
  return waitFor(async () => {
    const { worker } = await tree();
    if (!worker || worker === old) return null;
    const [r] = await db.execute<{ n: number }>(sql`select count(*)::int as n from worker_heartbeats where worker_id like ${`%-${worker}-%`}`);
    return r.n > 0 ? worker : null;
  }, timeoutMs, 50, 'a new worker process');
}

const lines = (re: RegExp) => svc.output().split('\n').filter((l) => re.test(l));

describe('npm start supervises its web and worker processes', () => {
  let first: Tree;

  it('SIGKILL to the web process: /health answers 200 again within seconds, the worker is untouched', async () => {
    first = await waitFor(async () => {
      const t = await tree();
      return t.web && t.worker ? t : null;
    }, 30_000, 100, 'both children');
    await newWorker(undefined);
    expect((await health()).body.checks.supervisor).toMatchObject({ status: 'ok', web: { restarts: 0 }, worker: { restarts: 0 } });

    process.kill(first.web!, 'SIGKILL');
    const killed = Date.now();
    await waitFor(async () => !alive(first.web!), 5_000, 20, 'the web process to die');
    const back = await waitFor(async () => {
      const t = await tree();
      return t.web && t.web !== first.web && (await health()).status === 200 ? t : null;
    }, 60_000, 100, 'a new web process answering /health');
    const backMs = Date.now() - killed;

    expect(back.launcher).toBe(first.launcher);
    expect(back.worker).toBe(first.worker);
    expect(alive(first.worker!)).toBe(true);
    const h = await health();
    expect(h.status).toBe(200);
    expect(h.body.status).toBe('ok');
    expect(h.body.checks.database).toBe('ok');
    expect(h.body.checks.supervisor).toMatchObject({
      status: 'ok',
      web: { restarts: 1, recent_restarts: 1, crash_loop: false, last_exit: 'signal SIGKILL' },
      worker: { restarts: 0, recent_restarts: 0, crash_loop: false, last_exit: null, last_exit_at: null },
    });
    expect(lines(/"msg":"web process exited, restarting"/)).toHaveLength(1);
    expect(lines(/"msg":"web process exited, restarting"/)[0]).toMatch(/"exit":"signal SIGKILL".*"restart_in_ms":100,"restarts":1/);
    console.log(`web process killed: /health 200 again after ${backMs} ms`);
  }, 90_000);

  it('SIGKILL to the worker mid-dispatch: a new worker finishes every accepted send, the web process is untouched', async () => {
    const before = await tree();
    const m = await makeMerchant(db, env, { prepaid: '1000' });
    await setRateLimits(db, m.appId, { send: 100 });
    const ids: string[] = [];
    for (let k = 0; k < 2; k++) {
      const to = Array.from({ length: 1000 }, (_, i) => `+24382${String(k).padStart(3, '0')}${5000 + i}`);
      const res = await fetch(`${svc.api}/send`, {
        method: 'POST',
        headers: { 'app-key': m.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ to, message: 'Supervised' }),
      });
      expect(res.status).toBe(201);
      ids.push((await res.json()).data.message_id);
    }
    const idList = ids.join(',');
    const terminal = async () => {
      const [r] = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from message_recipients
         where message_id = any(string_to_array(${idList}, ',')) and state in ('delivered', 'failed')`);
      return r.n;
    };
    // Kill while recipients are on their way: handed over (in the connector's outbox) and not all terminal. (A send's
    // recipients reach their terminal states in large batches, so "some already through" cannot be waited for reliably.)
    await waitFor(async () => {
      const [r] = await db.execute<{ queued: number; moving: number }>(sql`
        select (select count(*)::int from carrier_outbox) as queued,
               (select count(*)::int from message_recipients where state <> 'pending') as moving`);
      return r.queued > 0 && r.moving > 0 && (await terminal()) < 1900;
    }, 60_000, 10, 'a dispatch in flight');
    process.kill(before.worker!, 'SIGKILL');
    const atKill = await terminal();
    expect(atKill).toBeLessThan(2000);

    const replacement = await newWorker(before.worker);
    await waitFor(async () => (await terminal()) === 2000, 60_000, 100, 'every recipient terminal').catch(async (e) => {
      const st = await db.execute(sql`select state, count(*)::int from message_recipients group by 1`);
      throw new Error(`${(e as Error).message}\n${JSON.stringify(st)}\n${svc.output()}`);
    });
    const counters = await db.execute<{ delivered: number; failed: number; picked_up: number; dispatches_done: number }>(sql`
      select delivered, failed, picked_up, dispatches_done from messages where id = any(string_to_array(${idList}, ',')) order by id`);
    expect(counters.map((c) => [c.delivered + c.failed, c.picked_up, c.dispatches_done])).toEqual([
      [1000, 1000, 1],
      [1000, 1000, 1],
    ]);
    const [{ twice }] = await db.execute<{ twice: number }>(sql`
      select count(*)::int as twice from (select recipient_id from webhook_events where event_type = 'sms.sent' group by 1 having count(*) > 1) x`);
    expect(twice).toBe(0);

    const after = await tree();
    expect([after.launcher, after.web, after.worker]).toEqual([before.launcher, before.web, replacement]);
    expect((await health()).body.checks.supervisor).toMatchObject({
      status: 'ok',
      web: { restarts: 1 },
      worker: { restarts: 1, recent_restarts: 1, crash_loop: false, last_exit: 'signal SIGKILL' },
    });
    console.log(`worker killed at ${atKill}/2000 terminal; worker ${replacement} finished the rest`);
  }, 120_000);

  it('a worker killed again and again is a crash loop: an error line and checks.supervisor, status still ok', async () => {
    let pid = (await tree()).worker!;
    // Five more deaths: six restarts of the worker within five minutes.
    for (let i = 0; i < 5; i++) {
      process.kill(pid, 'SIGKILL');
      pid = await newWorker(pid);
    }
    const h = await waitFor(async () => {
      const r = await health();
      return r.body.checks.supervisor?.status === 'crash_loop' ? r : null;
    }, 10_000, 100, 'the crash loop in /health');
    expect(h.status).toBe(200);
    expect(h.body.status).toBe('ok');
    expect(h.body.checks.worker).toBe('ok');
    expect(h.body.checks.supervisor).toMatchObject({
      status: 'crash_loop',
      web: { restarts: 1, crash_loop: false },
      worker: { restarts: 6, recent_restarts: 6, crash_loop: true, last_exit: 'signal SIGKILL' },
    });
    const loop = lines(/"msg":"crash loop: worker restarted/);
    expect(loop).toHaveLength(1);
    expect(loop[0]).toMatch(/^\{"level":"error",.*"msg":"crash loop: worker restarted 6 times within 5 minutes".*"crash_loop":true/);
    expect(lines(/"msg":"worker process exited, restarting"/)).toHaveLength(5);
  }, 120_000);

  it('SIGTERM to the launcher stops both children cleanly and exits 0, restarting nothing', async () => {
    const t = await tree();
    const seen = new Set<number>();
    const exited = new Promise<number | null>((r) => {
      if (svc.child.exitCode !== null) r(svc.child.exitCode);
      else svc.child.once('exit', (code) => r(code));
    });
    process.kill(t.launcher, 'SIGTERM');
    let done = false;
    void exited.then(() => (done = true));
    while (!done) {
      const now = await tree().catch(() => null);
      if (now?.worker) seen.add(now.worker);
      if (now?.web) seen.add(now.web);
      await sleep(50);
    }
    expect(await exited).toBe(0);
    // No child was started during the shutdown, and none is left.
    expect([...seen].filter((p) => p !== t.web && p !== t.worker)).toEqual([]);
    expect([t.launcher, t.web!, t.worker!].filter(alive)).toEqual([]);
    // The worker stopped cleanly: it removed its heartbeat rows (a SIGKILL leaves them).
    const [{ n }] = await db.execute<{ n: number }>(sql`select count(*)::int as n from worker_heartbeats where worker_id like ${`%-${t.worker}-%`}`);
    expect(n).toBe(0);
    expect(lines(/exited, restarting|crash loop/)).toHaveLength(7);
  }, 60_000);
});
