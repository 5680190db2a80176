import type { Task } from 'graphile-worker';
import { deliverDueWebhooks, type DeliverLimits, type WebhookDeps } from '@/server/domain/webhooks/deliver-due';
import { logger } from '@/server/lib/logger';
import { parseJobPayload } from '@/server/queue/job-payloads';

const FAILURE_LOG_MS = 10_000;
/**
 * After a run that failed, the next one this long after. Nothing else may come: the run failed before it could
 * schedule its retry job (scheduleWake), and a notification sent while the database was away reached nobody (after a
 * failover, 1,189 deliveries stayed pending, due and unleased with no job and no wake-up).
 */
const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * One worker process's webhook delivery loop: runs the scheduler (server/domain/webhooks/deliver-due.ts), one run
 * at a time per process, when woken. Two things wake it: the deliver_webhooks job (the retry timer scheduleWake
 * keeps, a durable record that a run is due) and `wake()`, which the worker calls on each notification of new
 * deliveries (kickDeliveries) and whenever it starts listening. Concurrent runs in one process would split the
 * organizations between them and hand them back and forth (each hand-over left an organization with fewer
 * requests in flight than its cap, and the claims queued on each other's lock: bench, 10 merchants, least/most
 * share 0.61-0.83); one run serves every organization and polls for newly due ones itself, so a wake-up that
 * finds a run going only asks it to go round once more when it ends. Runs in other worker processes share the
 * organizations through the claim's leases (deliveries.ts). A run that fails is followed by another a second later
 * (RETRY_AFTER_FAILURE_MS), until one succeeds.
 */
export class WebhookLoop {
  private running = false;
  private wanted = false;
  private current: Promise<void> | null = null;
  private readonly stopping = new AbortController();
  /** Failed wake-up runs not logged yet, and when one was last logged (see wake()). */
  private failedQuietly = 0;
  private lastFailureLog = -Infinity;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: () => WebhookDeps,
    private readonly limits: Partial<DeliverLimits> = {},
  ) {}

  /** The deliver_webhooks task: a run with the job's abort signal, or nothing when this process has one going. */
  readonly task: Task = async (payload, helpers) => {
    parseJobPayload('deliver_webhooks', payload);
    await this.run(helpers.abortSignal);
  };

  /**
   * New deliveries (or a start): a run now, or one more round of the run going. Never throws. Failures are logged
   * at most once per FAILURE_LOG_MS with how many went unlogged: while the database is away the listening
   * connection reconnects again and again, and each reconnect wakes a run that fails at once.
   */
  wake(): void {
    if (this.stopping.signal.aborted) return;
    void this.run(this.stopping.signal).catch((e: unknown) => {
      const now = performance.now();
      if (now - this.lastFailureLog < FAILURE_LOG_MS) {
        this.failedQuietly++;
        return;
      }
      logger.warn('webhook delivery run failed (run again in a second)', { error: e, failed_since_last_log: this.failedQuietly });
      this.lastFailureLog = now;
      this.failedQuietly = 0;
    });
  }

  /** Ends the run this process's wake-ups started (the job's runs end with the job's signal). */
  async stop(): Promise<void> {
    this.stopping.abort();
    if (this.retry) clearTimeout(this.retry);
    await this.current?.catch(() => {});
  }

  /** A run failed (the database away, most likely): another in RETRY_AFTER_FAILURE_MS, until one succeeds. */
  private retrySoon(): void {
    if (this.retry || this.stopping.signal.aborted) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.wake();
    }, RETRY_AFTER_FAILURE_MS);
  }

  private async run(signal: AbortSignal | undefined): Promise<void> {
    if (this.running) {
      this.wanted = true;
      return;
    }
    this.running = true;
    const d = this.deps();
    const done = (async () => {
      // Rounds follow each other while wake-ups came in during one: deliveries may have become due after its last
      // claim. (A round that ran out of time is continued inside deliverDueWebhooks itself.)
      do {
        this.wanted = false;
        await deliverDueWebhooks(d, this.limits, signal);
      } while (this.wanted && !signal?.aborted);
    })();
    this.current = done;
    try {
      await done;
    } catch (e) {
      this.retrySoon();
      throw e;
    } finally {
      this.running = false;
      this.current = null;
    }
  }
}

/** The deliver_webhooks task alone (a loop nobody wakes but its jobs): tests and one-off runners. */
export function deliverWebhooksTask(deps: () => WebhookDeps, limits: Partial<DeliverLimits> = {}): Task {
  return new WebhookLoop(deps, limits).task;
}
