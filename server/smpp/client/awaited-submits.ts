export type SubmitResult = { status: number; messageId: string | null } | { status: 'timeout' | 'dropped' };

type Awaited = { done: (r: SubmitResult) => void; deadline: number };

/**
 * The submit_sm a session sent and has no answer to yet, by sequence number. Each is settled once: by its
 * submit_sm_resp, by `timeout` once `timeoutMs` passed, or by `dropped` when the connection goes. One timer watches
 * the deadlines, not one per submit_sm: the map keeps the send order, and every submit_sm waits as long.
 */
export class AwaitedSubmits {
  private readonly awaited = new Map<number, Awaited>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly timeoutMs: number) {}

  /** Sent and not answered. */
  get size(): number {
    return this.awaited.size;
  }

  add(sequence: number, done: (r: SubmitResult) => void): void {
    this.awaited.set(sequence, { done, deadline: performance.now() + this.timeoutMs });
    if (!this.timer) this.watch();
  }

  /** An answer, or its end; one whose sequence number is not awaited (answered after its timeout) is ignored. */
  settle(sequence: number, r: SubmitResult): void {
    const entry = this.awaited.get(sequence);
    if (!entry) return;
    this.awaited.delete(sequence);
    entry.done(r);
  }

  /** The connection went: every one still awaited is `dropped`. */
  dropAll(): void {
    for (const sequence of [...this.awaited.keys()]) this.settle(sequence, { status: 'dropped' });
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** One timer at the oldest deadline. */
  private watch(): void {
    const first = this.awaited.values().next();
    if (first.done) {
      this.timer = null;
      return;
    }
    this.timer = setTimeout(() => {
      const now = performance.now();
      for (const [sequence, entry] of this.awaited) {
        if (entry.deadline > now) break;
        this.settle(sequence, { status: 'timeout' });
      }
      this.watch();
    }, Math.max(0, first.value.deadline - performance.now()) + 1);
  }
}
