import type { SmppSession } from './session';

/** Gives a taken slot back; called once what the slot stands for is durable. */
export type Release = () => void;

/**
 * The window of each sending session (D14): at most `size` submit_sm whose answer is not yet durable. A slot is taken
 * when a submit_sm is sent and released once the batch recording its answer has committed, not when the answer
 * arrives: answered-but-unrecorded submits are bounded by the window too, so a crash resends at most
 * `size x sessions`.
 */
export class SubmitWindow {
  private readonly held = new Map<SmppSession, number>();

  constructor(private readonly size: number) {}

  /** Slots in use on a session (sent, answer not recorded). */
  inUse(s: SmppSession): number {
    return this.held.get(s) ?? 0;
  }

  /** Free slots over these sessions. */
  capacity(sessions: SmppSession[]): number {
    return sessions.reduce((n, s) => n + Math.max(0, this.size - this.inUse(s)), 0);
  }

  /** The first bound session with a free slot. */
  pick(sessions: SmppSession[]): SmppSession | undefined {
    return sessions.find((s) => s.bound && this.inUse(s) < this.size);
  }

  /** Takes a slot of `s`; the release gives it back (once, whatever calls it later). */
  take(s: SmppSession): Release {
    this.held.set(s, this.inUse(s) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.held.set(s, this.inUse(s) - 1);
    };
  }
}
