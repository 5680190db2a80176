import { Logger, runTaskListOnce, type TaskList } from 'graphile-worker';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { runSimulatorOnce, simulatorSettings, type SimulatorSettings } from '@/server/domain/carrier/simulator/driver';
import type { Env } from '@/server/env';
import { dueDispatchesOf } from '@/server/jobs/tasks/pipeline-tasks';

/** The carrier work a task list stands for besides its jobs (withSimulator): one pass, answering how much it did. */
const carriers = new WeakMap<TaskList, () => Promise<number>>();

/**
 * The task list, with the simulator connectors' driver (D11, D14) made part of what drain() runs: one pass of each
 * (runSimulatorOnce, with the env's settings and the clock) after each round of jobs, as the worker's driver loop
 * would have made it by then.
 */
export function withSimulator<T extends TaskList>(taskList: T, db: Db, env: Env, now: () => Date = () => new Date()): T {
  const settings = simulatorSettings(env);
  carriers.set(taskList, () => simulatorPass(db, settings, now()));
  return taskList;
}

/** One pass of every simulator connector's driver (D11): how many rows it decided. */
export async function simulatorPass(db: Db, settings: SimulatorSettings, now = new Date()): Promise<number> {
  const sims = await db.execute<{ id: string; name: string }>(sql`select id, name from connectors where kind = 'simulator' order by id`);
  let n = 0;
  for (const c of sims) n += await runSimulatorOnce(db, c, settings, now);
  return n;
}

/**
 * Runs every due job of `taskList` until none is left (graphile-worker's
 * runTaskListOnce on a real connection), the due dispatches its pipeline queues (the worker's dispatch loop), and the carrier passes it stands for
 * (withSimulator) until they decide nothing more. Jobs of tasks not in the list wait.
 * With deliver_webhooks in the list it also stands in for the worker's
 * notification wake-up (kickDeliveries NOTIFYs, it adds no job): due pending
 * deliveries that no job will run get one.
 */
const quiet = new Logger(() => () => {});

export async function drain(db: Db, taskList: TaskList, maxRounds = 100): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
  const client = await pool.connect();
  try {
    for (let i = 0; i < maxRounds; i++) {
      if ('deliver_webhooks' in taskList) await wakeWebhooks(db);
      const [{ n }] = await db.execute<{ n: number }>(sql`
        select count(*)::int as n from graphile_worker.jobs
         where run_at <= now() and locked_at is null and attempts < max_attempts
           and task_identifier = any(${sql.raw(`array[${Object.keys(taskList).map((k) => `'${k}'`).join(',')}]`)})`);
      if (n > 0) await runTaskListOnce({ noHandleSignals: true, logger: quiet }, taskList, client);
      // the worker's dispatch loop: the dispatches due now (immediate sends), which no job stands for
      const due = dueDispatchesOf(taskList);
      const started = due ? await due() : 0;
      const carried = ((await carriers.get(taskList)?.()) ?? 0) + started;
      if (n === 0 && carried === 0) return;
    }
    throw new Error('jobs did not drain');
  } finally {
    client.release();
    await pool.end();
  }
}

/** What the worker's listener does on a kickDeliveries notification, as a job this process's drain can run. */
async function wakeWebhooks(db: Db): Promise<void> {
  await db.execute(sql`
    select graphile_worker.add_job('deliver_webhooks', '{}'::json, job_key := 'deliver_webhooks_notified')
     where exists (select 1 from webhook_deliveries where state = 'pending' and next_attempt_at <= now() and locked_until is null)
       and not exists (select 1 from graphile_worker.jobs where task_identifier = 'deliver_webhooks' and run_at <= now() and locked_at is null)`);
}

/** Makes the jobs of a message's dispatches due now (time passing, for the queue). */
export async function makeDue(db: Db, jobKey: string): Promise<void> {
  // graphile-worker's public API (reschedule_jobs over the jobs view), not its private tables.
  await db.execute(sql`select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs where key = ${jobKey}), run_at := now())`);
}
