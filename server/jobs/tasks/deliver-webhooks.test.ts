import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobHelpers } from 'graphile-worker';
import type { DeliverStats, WebhookDeps } from '@/server/domain/webhooks/deliver-due';

/** The scheduler and the kick are replaced: what is tested is how the job runs them (one run per process). */
const runs: Array<{ resolve: (s: DeliverStats) => void }> = [];
const deliverDueWebhooks = vi.fn((..._args: unknown[]) => new Promise<DeliverStats>((resolve) => runs.push({ resolve })));
const kickDeliveries = vi.fn(async () => {});
vi.mock('@/server/domain/webhooks/deliver-due', () => ({ deliverDueWebhooks: (...args: unknown[]) => deliverDueWebhooks(...args) }));
vi.mock('@/server/domain/webhooks/deliveries', () => ({ kickDeliveries: () => kickDeliveries() }));

const { deliverWebhooksTask } = await import('./deliver-webhooks');

const NOW = new Date('2026-11-25T12:00:00.000Z');
const deps = { db: {}, env: {}, now: () => NOW } as unknown as WebhookDeps;
const helpers = {} as JobHelpers;
const stats = (wakeAt: Date | null): DeliverStats => ({ attempted: 0, succeeded: 0, failed: 0, retrying: 0, wakeAt, runs: 1 });
const tick = () => new Promise((r) => setImmediate(r));

describe('deliver_webhooks job: one scheduler run at a time per process', () => {
  beforeEach(() => {
    runs.length = 0;
    deliverDueWebhooks.mockClear();
    kickDeliveries.mockClear();
  });

  it('a job that starts while a run goes returns at once, and the run enqueues a new run when it ends', async () => {
    const task = deliverWebhooksTask(() => deps);
    const first = task({}, helpers);
    await tick();
    await task({}, helpers); // returns without a second run
    await task({}, helpers);
    expect(deliverDueWebhooks).toHaveBeenCalledTimes(1);

    runs[0].resolve(stats(new Date(NOW.getTime() + 1_000)));
    await first;
    expect(kickDeliveries).toHaveBeenCalledTimes(1);

    // The run is over: the next job runs the scheduler again.
    const next = task({}, helpers);
    await tick();
    expect(deliverDueWebhooks).toHaveBeenCalledTimes(2);
    runs[1].resolve(stats(null));
    await next;
    expect(kickDeliveries).toHaveBeenCalledTimes(1); // nobody asked during that run
  });

  it('a job that came in is followed by a new run even when the run re-enqueued itself for now (it may be that job); none came in: no kick', async () => {
    const task = deliverWebhooksTask(() => deps);
    const first = task({}, helpers);
    await tick();
    await task({}, helpers); // e.g. the wake-up job the run itself added, started before the run was over
    runs[0].resolve(stats(NOW));
    await first;
    expect(kickDeliveries).toHaveBeenCalledTimes(1);

    const alone = task({}, helpers);
    await tick();
    runs[1].resolve(stats(new Date(NOW.getTime() + 5_000)));
    await alone;
    expect(kickDeliveries).toHaveBeenCalledTimes(1);
  });

  it("hands the scheduler its limits and the job's abort signal (runs follow each other in the job until it aborts)", async () => {
    const limits = { budgetMs: 50 };
    const signal = new AbortController().signal;
    const task = deliverWebhooksTask(() => deps, limits);
    const job = task({}, { abortSignal: signal } as JobHelpers);
    await tick();
    expect(deliverDueWebhooks).toHaveBeenCalledWith(deps, limits, signal);
    runs[0].resolve(stats(null));
    await job;
  });

  it('a run that throws frees the process for the next job', async () => {
    const task = deliverWebhooksTask(() => deps);
    deliverDueWebhooks.mockImplementationOnce(() => Promise.reject(new Error('db down')));
    await expect(task({}, helpers)).rejects.toThrow('db down');
    const next = task({}, helpers);
    await tick();
    expect(deliverDueWebhooks).toHaveBeenCalledTimes(2);
    runs[0].resolve(stats(null));
    await next;
  });
});
