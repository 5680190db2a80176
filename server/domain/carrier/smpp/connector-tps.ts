import type { Db } from '@/db/client';
import { logger } from '@/server/lib/logger';
import { takeTps } from './leases';
import { TpsCredits } from '@/server/smpp/client/tps-credits';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * The owner's side of a connector's shared TPS budget: the credits it holds (TpsCredits) and the one ask for more
 * in flight (takeTps), made beside the submits so the window does not wait for its round trip. Only the lease owner
 * submits, so what it takes is nobody else's share.
 */
export class ConnectorTps {
  private readonly credits = new TpsCredits();
  private asking: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly connector: { id: string; name: string; tps: number },
    private readonly onGrant: () => void,
  ) {}

  /** Asks for up to `want` more (capped at the connector's TPS) when the credits run low and no ask is in flight. */
  topUp(want: number): void {
    if (this.asking || !this.credits.wantsMore(Date.now())) return;
    this.asking = this.take(Math.min(this.connector.tps, want));
  }

  /** What may be sent now. */
  available(): number {
    return this.credits.available(Date.now());
  }

  /** One submit_sm sent. */
  use(): void {
    this.credits.use();
  }

  /** Until more may be available: the ask in flight, or the end of a slice that had nothing left. */
  wait(): Promise<void> {
    return this.asking ?? sleep(this.credits.msToAsk(Date.now()));
  }

  /** The ask in flight, if any (a stopping owner waits for it). */
  settled(): Promise<void> {
    return this.asking ?? Promise.resolve();
  }

  private async take(want: number): Promise<void> {
    try {
      const grant = await takeTps(this.db, this.connector.id, this.connector.tps, want).catch((e: unknown) => {
        logger.warn('taking TPS budget failed', { connector: this.connector.name, error: e });
        return { granted: 0, left: 0, slice: -1, msToSliceEnd: 100 };
      });
      this.credits.grant(grant, Date.now());
    } finally {
      this.asking = null;
      this.onGrant();
    }
  }
}
