/**
 * When the launcher (scripts/run.ts) restarts a child process that died, and
 * when it calls that a crash loop. Pure functions of the exit history, so the
 * supervisor (which restarts) and the web process (which reports in GET
 * /health) agree on one reading of the same facts.
 *  - Backoff: `baseMs` (SUPERVISOR_BACKOFF_MS, 1 s) after the first death,
 *    doubling on each death that follows a short run, capped at MAX_DELAY_MS;
 *    a process that stayed up STABLE_MS starts again from `baseMs`.
 *  - Crash loop: more than CRASH_LOOP_RESTARTS restarts of one process within
 *    CRASH_LOOP_WINDOW_MS. Restarts go on (at the capped delay); the loop is
 *    logged as an error and shown in /health until the window has passed.
 */
export const MAX_DELAY_MS = 30_000;
export const STABLE_MS = 60_000;
export const CRASH_LOOP_RESTARTS = 5;
export const CRASH_LOOP_WINDOW_MS = 5 * 60_000;

export type RestartHistory = {
  /** Restarts since the supervisor started. */
  restarts: number;
  /** Epoch ms of the restarts within the crash-loop window (older ones dropped). */
  recent: number[];
  /** Deaths in a row, each after less than STABLE_MS up: the backoff exponent. */
  streak: number;
  /** How the last run ended: `code 1`, `signal SIGKILL`. */
  lastExit: string | null;
};

export const emptyHistory = (): RestartHistory => ({ restarts: 0, recent: [], streak: 0, lastExit: null });

export function describeExit(code: number | null, signal: NodeJS.Signals | string | null): string {
  return signal ? `signal ${signal}` : `code ${code ?? 'unknown'}`;
}

export function recentRestarts(recent: readonly number[], now: number): number[] {
  return recent.filter((t) => now - t < CRASH_LOOP_WINDOW_MS);
}

export function isCrashLoop(recent: readonly number[], now: number): boolean {
  return recentRestarts(recent, now).length > CRASH_LOOP_RESTARTS;
}

export function backoffMs(streak: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.min(streak, 30), Math.max(baseMs, MAX_DELAY_MS));
}

/**
 * A child died at `now` after `upMs` of running: the history with this restart
 * counted, the delay before the restart, and whether this restart makes (or
 * keeps) a crash loop and whether it is the one that starts it.
 */
export function planRestart(
  history: RestartHistory,
  death: { now: number; upMs: number; exit: string; baseMs: number },
): { history: RestartHistory; delayMs: number; crashLoop: boolean; crashLoopStarted: boolean } {
  const streak = death.upMs >= STABLE_MS ? 0 : history.streak;
  const before = isCrashLoop(history.recent, death.now);
  const recent = [...recentRestarts(history.recent, death.now), death.now];
  const next: RestartHistory = { restarts: history.restarts + 1, recent, streak: streak + 1, lastExit: death.exit };
  const crashLoop = isCrashLoop(recent, death.now);
  return { history: next, delayMs: backoffMs(streak, death.baseMs), crashLoop, crashLoopStarted: crashLoop && !before };
}
