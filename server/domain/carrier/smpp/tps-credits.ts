/**
 * The submit_sm a connector's owner may still send this second, taken from the shared budget (takeTps, one per
 * database second across every worker process). A grant of the same second adds to what is left; a grant of the next
 * second replaces it, and what is left at the second's end lapses, so no second ever sends more than it was granted.
 * More is asked for while half of the last grant is still to send, so the window does not wait for the round trip;
 * after a second's budget is spent (nothing granted), not again before the next second.
 */
export class TpsCredits {
  private left = 0;
  private until = 0;
  private last = 0;
  private refusedUntil = 0;

  /** What may be sent now. */
  available(now: number): number {
    if (now >= this.until) this.left = 0;
    return this.left;
  }

  /** Whether to ask the budget for more now (one ask in flight at a time is the caller's part). */
  wantsMore(now: number): boolean {
    return this.available(now) <= this.last / 2 && now >= this.refusedUntil;
  }

  /** How long to wait before asking again when nothing is left and nothing is asked for. */
  msToAsk(now: number): number {
    return Math.max(1, this.refusedUntil - now);
  }

  /** Records takeTps' answer, received at `now` (the second ends `msToNextSecond` later). */
  grant(granted: number, msToNextSecond: number, now: number): void {
    const until = now + msToNextSecond;
    if (granted === 0) {
      this.refusedUntil = until;
      return;
    }
    // (two answers of the same database second end within a round trip of each other; the next second's a second later)
    const sameSecond = now < this.until && Math.abs(until - this.until) < 500;
    this.left = (sameSecond ? this.left : 0) + granted;
    this.until = until;
    this.last = granted;
  }

  /** One submit_sm sent. */
  use(): void {
    this.left--;
  }
}
