import { describe, expect, it } from 'vitest';
import { supervisorCheck } from '@/server/domain/health/get-health';
import { backoffMs, describeExit, emptyHistory, isCrashLoop, planRestart, type RestartHistory } from './restart-policy';

/** `n` deaths `upMs` after each start, one every `everyMs` from t0. */
function deaths(n: number, upMs: number, everyMs: number, baseMs = 1000, t0 = 1_000_000) {
  let history: RestartHistory = emptyHistory();
  const plans = [];
  for (let i = 0; i < n; i++) {
    const plan = planRestart(history, { now: t0 + i * everyMs, upMs, exit: 'signal SIGKILL', baseMs });
    history = plan.history;
    plans.push(plan);
  }
  return { history, plans };
}

describe('restart backoff', () => {
  it('1 s doubling to 30 s while the process keeps dying quickly', () => {
    const { plans } = deaths(8, 500, 40_000);
    expect(plans.map((p) => p.delayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('starts again from the base after the process stayed up a minute', () => {
    let { history } = deaths(4, 500, 1000);
    expect(history.streak).toBe(4);
    const plan = planRestart(history, { now: 2_000_000, upMs: 60_000, exit: 'code 1', baseMs: 1000 });
    expect(plan.delayMs).toBe(1000);
    history = plan.history;
    expect(planRestart(history, { now: 2_001_000, upMs: 500, exit: 'code 1', baseMs: 1000 }).delayMs).toBe(2000);
  });

  it('a short base (tests) doubles too, under the same cap', () => {
    expect([0, 1, 2, 3].map((s) => backoffMs(s, 100))).toEqual([100, 200, 400, 800]);
    expect(backoffMs(40, 100)).toBe(30_000);
    expect(backoffMs(3, 30_000)).toBe(30_000);
  });

  it('describes how a process ended', () => {
    expect(describeExit(null, 'SIGKILL')).toBe('signal SIGKILL');
    expect(describeExit(1, null)).toBe('code 1');
    expect(describeExit(null, null)).toBe('code unknown');
  });
});

describe('crash loop: more than 5 restarts of one process within 5 minutes', () => {
  it('the 6th restart within 5 minutes starts it, not the 5th', () => {
    const { plans, history } = deaths(7, 500, 10_000);
    expect(plans.map((p) => p.crashLoop)).toEqual([false, false, false, false, false, true, true]);
    expect(plans.map((p) => p.crashLoopStarted)).toEqual([false, false, false, false, false, true, false]);
    expect(history.restarts).toBe(7);
  });

  it('6 restarts spread over more than 5 minutes are no loop', () => {
    const { plans } = deaths(6, 500, 61_000);
    expect(plans.some((p) => p.crashLoop)).toBe(false);
  });

  it('ends once the restarts are older than the window; only the window is kept', () => {
    const { history } = deaths(6, 500, 1000, 1000, 0);
    expect(isCrashLoop(history.recent, 5_000)).toBe(true);
    expect(isCrashLoop(history.recent, 300_001)).toBe(false);
    const next = planRestart(history, { now: 900_000, upMs: 500, exit: 'code 1', baseMs: 1000 });
    expect(next.history.recent).toEqual([900_000]);
    expect(next.history.restarts).toBe(7);
  });
});

describe('checks.supervisor of GET /health', () => {
  const t = Date.parse('2026-11-23T10:00:00.000Z');
  it('ok with no restart; no worker entry when there is no worker', () => {
    expect(supervisorCheck({ restarts: 0, recent: [], lastExit: null, lastExitAt: null }, undefined, t)).toEqual({
      status: 'ok',
      web: { restarts: 0, recent_restarts: 0, crash_loop: false, last_exit: null, last_exit_at: null },
    });
  });

  it('crash_loop when either process is in one, counted at the time of the request', () => {
    const recent = [1, 2, 3, 4, 5, 6].map((i) => t - i * 1000);
    const worker = { restarts: 9, recent, lastExit: 'signal SIGKILL', lastExitAt: t - 1000 };
    const web = { restarts: 1, recent: [t - 400_000], lastExit: 'code 1', lastExitAt: t - 400_000 };
    expect(supervisorCheck(web, worker, t)).toEqual({
      status: 'crash_loop',
      web: { restarts: 1, recent_restarts: 0, crash_loop: false, last_exit: 'code 1', last_exit_at: '2026-11-23T09:53:20.000Z' },
      worker: { restarts: 9, recent_restarts: 6, crash_loop: true, last_exit: 'signal SIGKILL', last_exit_at: '2026-11-23T09:59:59.000Z' },
    });
    expect(supervisorCheck(web, worker, t + 300_000).status).toBe('ok');
  });
});
