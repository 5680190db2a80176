/** An answer of the shared TPS budget (the driver's takeTps). */
export type TpsGrant = {
  /** submit_sm that may be sent now, until the slice ends. */
  granted: number;
  /** What the slice still holds after this grant (0: nothing more before the next slice). */
  left: number;
  /** The slice granted from: its start, ms since the epoch (database clock). */
  slice: number;
  /** Its clock second (Unix seconds). */
  second: number;
  /** How long from the answer until the slice ends. */
  msToSliceEnd: number;
};

/**
 * The submit_sm a connector's owner may still send in the current slice of the shared budget (takeTps: 50 ms
 * slices of the database clock, shared by every worker process). A grant of the same slice adds to what is left; a
 * grant of a later slice replaces it, and what is left at the slice's end lapses, so no slice ever sends more than
 * it was granted. More is asked for while half of the last grant is still to send, so the window does not wait for
 * the round trip; once a slice has nothing left, not again before it ends.
 */
export class TpsCredits {
  private left = 0;
  private until = 0;
  private slice = -1;
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

  /** Records takeTps' answer, received at `now` (its slice ends `msToSliceEnd` later). */
  grant(g: Pick<TpsGrant, 'granted' | 'left' | 'slice' | 'msToSliceEnd'>, now: number): void {
    const until = now + g.msToSliceEnd;
    if (g.left === 0) this.refusedUntil = until;
    if (g.granted === 0) return;
    this.left = (g.slice === this.slice && now < this.until ? this.left : 0) + g.granted;
    this.slice = g.slice;
    this.until = until;
    this.last = g.granted;
  }

  /** One submit_sm sent. */
  use(): void {
    this.left--;
  }
}
