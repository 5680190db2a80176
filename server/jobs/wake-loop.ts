import { logger } from '@/server/lib/logger';

const FAILURE_LOG_MS = 10_000;
/**
 * After a run that failed, the next one this long after, until one succeeds: nothing else may come (a run that failed
 * could not schedule its own follow-up, and a notification sent while the database was away reached nobody: after a
 * failover, 1,189 webhook deliveries stayed pending, due and unleased with no job and no wake-up).
 */
const RETRY_AFTER_FAILURE_MS = 1_000;

/**
 * A worker process's loop over one queue: `round` runs when woken, one at a time per process. A wake-up that finds a
 * round going only asks it to go round once more when it ends (work may have become due after its last claim), so
 * one loop serves every wake-up; loops in other worker processes share the queue through its claims. The worker wakes
 * it on its queue's notifications and whenever it starts listening; a timer or a graphile-worker job may too. A run
 * that fails is followed by another a second later (RETRY_AFTER_FAILURE_MS), until one succeeds.
 */
export class WakeLoop {
  private running = false;
  private wanted = false;
  private current: Promise<void> | null = null;
  private readonly stopping = new AbortController();
  /** Failed wake-up runs not logged yet, and when one was last logged (see wake()). */
  private failedQuietly = 0;
  private lastFailureLog = -Infinity;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly what: string,
    private readonly round: (signal: AbortSignal | undefined) => Promise<void>,
  ) {}

  /**
   * Work came (or a start): a round now, or one more of the run going. Never throws. Failures are logged at most once
   * per FAILURE_LOG_MS with how many went unlogged: while the database is away the listening connection reconnects
   * again and again, and each reconnect wakes a run that fails at once.
   */
  wake(): void {
    if (this.stopping.signal.aborted) return;
    void this.run(this.stopping.signal).catch((e: unknown) => {
      const now = performance.now();
      if (now - this.lastFailureLog < FAILURE_LOG_MS) {
        this.failedQuietly++;
        return;
      }
      logger.warn(`${this.what} run failed (run again in a second)`, { error: e, failed_since_last_log: this.failedQuietly });
      this.lastFailureLog = now;
      this.failedQuietly = 0;
    });
  }

  /** Ends the run this process's wake-ups started. */
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

  /** A run (with `signal`, e.g. a job's), or one more round of the run going. */
  protected async run(signal: AbortSignal | undefined): Promise<void> {
    if (this.running) {
      this.wanted = true;
      return;
    }
    this.running = true;
    const done = (async () => {
      do {
        this.wanted = false;
        await this.round(signal);
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
