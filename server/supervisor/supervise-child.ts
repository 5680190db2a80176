import { spawn, type ChildProcess } from 'node:child_process';
import { logger } from '@/server/lib/logger';
import { CRASH_LOOP_RESTARTS, CRASH_LOOP_WINDOW_MS, describeExit, emptyHistory, planRestart } from './restart-policy';
import type { ProcessFacts } from './supervisor-facts';

export type SupervisedChild = {
  name: string;
  pid: () => number | undefined;
  facts: () => ProcessFacts;
  /** Sends over the IPC channel if the child is up; a message to a child that is gone is dropped. */
  send: (message: unknown) => void;
  /** No more restarts; SIGTERM, then SIGKILL after `graceMs`. Resolves once the child is gone. */
  stop: (graceMs: number) => Promise<void>;
};

/**
 * Runs `node <execArgv> <script> <args>` with an IPC channel (execArgv carries
 * `--import tsx` when the script is TypeScript, scripts/run.ts) and
 * starts it again whenever it exits, after the backoff of restart-policy.ts.
 * Every restart is logged with how the process ended (a warning, an error
 * once it is a crash loop); `onChange` runs after each.
 */
export function superviseChild(opts: {
  name: string;
  script: string;
  args: string[];
  execArgv: string[];
  baseDelayMs: number;
  onChange?: () => void;
  onMessage?: (message: unknown) => void;
}): SupervisedChild {
  let child: ChildProcess | undefined;
  let startedAt = 0;
  let history = emptyHistory();
  let lastExitAt: number | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopping = false;
  const alive = (c: ChildProcess | undefined): c is ChildProcess => !!c && c.exitCode === null && c.signalCode === null;

  function start(): void {
    startedAt = Date.now();
    const c = spawn(process.execPath, [...opts.execArgv, opts.script, ...opts.args], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: process.env,
    });
    child = c;
    logger.info('process started', { process: opts.name, pid: c.pid, script: opts.script });
    c.on('message', (m) => opts.onMessage?.(m));
    c.on('error', (error) => logger.error('process error', { process: opts.name, pid: c.pid, error }));
    c.once('exit', (code, signal) => {
      if (stopping) return;
      const now = Date.now();
      const plan = planRestart(history, { now, upMs: now - startedAt, exit: describeExit(code, signal), baseMs: opts.baseDelayMs });
      history = plan.history;
      lastExitAt = now;
      const fields = { process: opts.name, pid: c.pid, exit: history.lastExit, restart_in_ms: plan.delayMs, restarts: history.restarts };
      if (plan.crashLoop) {
        logger.error(`crash loop: ${opts.name} restarted ${history.recent.length} times within ${CRASH_LOOP_WINDOW_MS / 60_000} minutes`, {
          ...fields,
          crash_loop: true,
          threshold: CRASH_LOOP_RESTARTS,
        });
      } else {
        logger.warn(`${opts.name} process exited, restarting`, fields);
      }
      timer = setTimeout(() => {
        timer = undefined;
        if (!stopping) start();
      }, plan.delayMs);
      opts.onChange?.();
    });
  }
  start();

  return {
    name: opts.name,
    pid: () => (alive(child) ? child.pid : undefined),
    facts: () => ({ restarts: history.restarts, recent: [...history.recent], lastExit: history.lastExit, lastExitAt }),
    send: (message) => {
      if (alive(child) && child.connected) child.send(message as never, () => {});
    },
    stop: async (graceMs) => {
      stopping = true;
      clearTimeout(timer);
      const c = child;
      if (!alive(c)) return;
      const exited = new Promise<void>((r) => c.once('exit', () => r()));
      c.kill('SIGTERM');
      const killer = setTimeout(() => {
        logger.warn(`${opts.name} process did not stop within ${graceMs} ms, killing it`, { process: opts.name, pid: c.pid });
        c.kill('SIGKILL');
      }, graceMs);
      await exited;
      clearTimeout(killer);
    },
  };
}
