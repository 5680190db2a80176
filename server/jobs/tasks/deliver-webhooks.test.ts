import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobHelpers } from 'graphile-worker';
import type { DeliverStats, WebhookDeps } from '@/server/domain/webhooks/deliver-due';

/** The scheduler is replaced: what is tested is how the loop runs it (one run per process, rounds on wake-ups). */
const runs: Array<{ resolve: (s: DeliverStats) => void; reject: (e: Error) => void }> = [];
const deliverDueWebhooks = vi.fn((..._args: unknown[]) => new Promise<DeliverStats>((resolve, reject) => runs.push({ resolve, reject })));
vi.mock('@/server/domain/webhooks/deliver-due', () => ({ deliverDueWebhooks: (...args: unknown[]) => deliverDueWebhooks(...args) }));

const { WebhookLoop } = await import('./deliver-webhooks');

const NOW = new Date('2026-11-25T12:00:00.000Z');
const deps = { db: {}, env: {}, now: () => NOW } as unknown as WebhookDeps;
const helpers = {} as JobHelpers;
const stats = (wakeAt: Date | null): DeliverStats => ({ attempted: 0, succeeded: 0, failed: 0, retrying: 0, wakeAt, runs: 1 });
const tick = () => new Promise((r) => setImmediate(r));

describe('the webhook loop: one scheduler run at a time per process', () => {
  beforeEach(() => {
    runs.length = 0;
    deliverDueWebhooks.mockClear();
  });

  it('a job or wake-up during a run returns at once and the run goes round once more when it ends', async () => {
    const loop = new WebhookLoop(() => deps);
    const first = loop.task({}, helpers);
    await tick();
    await loop.task({}, helpers); // returns without a second run
    loop.wake();
    loop.wake();
    expect(deliverDueWebhooks).toHaveBeenCalledTimes(1);

    runs[0].resolve(stats(new Date(NOW.getTime() + 1_000)));
    await tick();
    expect(deliverDueWebhooks).toHaveBeenCalledTimes(2); // one more round for all of them, in the same run
    runs[1].resolve(stats(null));
    await first;
    expect(deliverDueWebhooks).toHaveBeenCalledTimes(2); // nobody asked during that round

    // The run is over: the next wake-up runs the scheduler again.
    loop.wake();
    await tick();
    expect(deliverDueWebhooks).toHaveBeenCalledTimes(3);
    runs[2].resolve(stats(null));
    await loop.stop();
  });

  it("hands the scheduler its limits and the job's abort signal; wake-ups run with the loop's own, aborted by stop()", async () => {
    const limits = { budgetMs: 50 };
    const signal = new AbortController().signal;
    const loop = new WebhookLoop(() => deps, limits);
    const job = loop.task({}, { abortSignal: signal } as JobHelpers);
    await tick();
    expect(deliverDueWebhooks).toHaveBeenLastCalledWith(deps, limits, signal);
    runs[0].resolve(stats(null));
    await job;

    loop.wake();
    await tick();
    const own = deliverDueWebhooks.mock.calls[1][2] as AbortSignal;
    expect(own).toBeInstanceOf(AbortSignal);
    expect(own.aborted).toBe(false);
    const stopped = loop.stop();
    expect(own.aborted).toBe(true);
    runs[1].resolve(stats(null));
    await stopped;
    loop.wake(); // after stop: nothing
    await tick();
    expect(deliverDueWebhooks).toHaveBeenCalledTimes(2);
  });

  it('a run that throws frees the process for the next job; a wake-up that fails is logged, not thrown', async () => {
    const loop = new WebhookLoop(() => deps);
    const job = loop.task({}, helpers);
    await tick();
    runs[0].reject(new Error('db down'));
    await expect(job).rejects.toThrow('db down');
    loop.wake();
    await tick();
    expect(deliverDueWebhooks).toHaveBeenCalledTimes(2);
    runs[1].reject(new Error('db down again'));
    await tick();
    loop.wake();
    await tick();
    expect(deliverDueWebhooks).toHaveBeenCalledTimes(3);
    runs[2].resolve(stats(null));
    await loop.stop();
  });

  it('a run that fails is followed by another a second later with nothing else waking it, until one succeeds', async () => {
    // (after a failover: the failed run scheduled no retry job, and the notifications went to nobody)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const loop = new WebhookLoop(() => deps);
      loop.wake();
      await tick();
      runs[0].reject(new Error('db down'));
      await vi.advanceTimersByTimeAsync(999);
      expect(deliverDueWebhooks).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(deliverDueWebhooks).toHaveBeenCalledTimes(2);
      runs[1].reject(new Error('db still down'));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(deliverDueWebhooks).toHaveBeenCalledTimes(3);
      runs[2].resolve(stats(null));
      await vi.advanceTimersByTimeAsync(10_000);
      expect(deliverDueWebhooks).toHaveBeenCalledTimes(3); // that one succeeded: its own retry job takes over

      // A failed job's run too; stop() drops the pending retry.
      const job = loop.task({}, helpers);
      await tick();
      runs[3].reject(new Error('db down'));
      await expect(job).rejects.toThrow('db down');
      await loop.stop();
      await vi.advanceTimersByTimeAsync(5_000);
      expect(deliverDueWebhooks).toHaveBeenCalledTimes(4);
    } finally {
      vi.useRealTimers();
    }
  });
});
