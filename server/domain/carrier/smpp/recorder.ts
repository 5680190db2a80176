import type { Db } from '@/db/client';
import { logger } from '@/server/lib/logger';
import type { MoPdu } from '@/server/smpp/client/mo';
import { recordBatch, type AcceptedPart, type Batch, type ConnectorRef, type Outcome } from './record';
import type { ParsedReceipt } from './receipts';

/** Called once what it stands for is durable: frees the window slot of an answered submit_sm. */
export type Release = () => void;

/** How long a receipt may wait for its part (RECEIPT_WAIT in SQL), in ms. */
const RECEIPT_WAIT_MS = 120_000;

type Ack = { resolve: () => void; reject: (e: unknown) => void };
const emptyBatch = (): Batch => ({ parts: [], outcomes: [], receipts: [], mos: [] });

/**
 * Batches what a connector's sessions hear (accepted parts, outcomes, receipts, MO) into recordBatch transactions, one at
 * a time: a batch starts as soon as the previous one committed (what arrived meanwhile goes together, as a database
 * groups commits), so the answers of one socket read share a transaction and nothing waits for a timer. After a
 * batch commits, its receipts' and MO's promises resolve (their deliver_sm_resp may go) and its window slots are
 * released. A failed batch stays pending and is tried again after `retryMs`, without its receipts and MO: those are
 * left unanswered and the SMSC sends them again. MO that failed alone (their savepoint, recordBatch) are left
 * unanswered the same way while the rest of the batch commits.
 */
export class Recorder {
  private pending: Batch = emptyBatch();
  private releases: Release[] = [];
  private acks: Ack[] = [];
  private moAcks: Ack[] = [];
  private running: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  /** Until when a receipt of this connector may be waiting for a part (one stored by a previous owner, too). */
  private receiptsMayWaitUntil = Date.now() + RECEIPT_WAIT_MS;

  constructor(
    private readonly db: Db,
    private readonly connector: ConnectorRef,
    private readonly retryMs: number,
    private readonly onRecorded: () => void,
  ) {}

  part(p: AcceptedPart, release: Release): void {
    this.pending.parts.push(p);
    this.releases.push(release);
    this.soon();
  }

  outcome(o: Outcome, releases: Release[]): void {
    this.pending.outcomes.push(o);
    for (const r of releases) this.releases.push(r);
    this.soon();
  }

  /** Resolves once the receipt is durable (stored, and applied if its part is known). */
  receipt(r: ParsedReceipt): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.receipts.push(r);
      this.acks.push({ resolve, reject });
      this.soon();
    });
  }

  /** Resolves once the MO (or part) is durable: stored and, when whole, reported (D18). */
  mo(m: MoPdu): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.mos.push(m);
      this.moAcks.push({ resolve, reject });
      this.soon();
    });
  }

  /** Records everything pending, until nothing is (a failure is retried after retryMs). */
  async flush(): Promise<void> {
    while (this.running || this.hasPending) {
      await (this.running ?? this.run());
      if (this.hasPending && !this.running) await new Promise((r) => setTimeout(r, this.retryMs));
    }
  }

  /** Drops the retry timer (the owner stops; `flush` still records what is pending). */
  close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private get hasPending(): boolean {
    return this.pending.parts.length + this.pending.outcomes.length + this.pending.receipts.length + this.pending.mos.length > 0;
  }

  /** Starts a batch after the current tick (the answers of one read go together), or after the running one. */
  private soon(): void {
    if (this.running || this.retryTimer) return;
    this.running = new Promise<void>((r) => setImmediate(r)).then(() => this.record());
  }

  private run(): Promise<void> {
    this.running = this.record();
    return this.running;
  }

  private async record(): Promise<void> {
    const batch = this.pending;
    const releases = this.releases;
    const acks = this.acks;
    const moAcks = this.moAcks;
    this.pending = emptyBatch();
    this.releases = [];
    this.acks = [];
    this.moAcks = [];
    try {
      const { waiting, moFailure } = await recordBatch(this.db, this.connector, batch, new Date(), { receiptsMayWait: Date.now() < this.receiptsMayWaitUntil });
      if (waiting > 0) this.receiptsMayWaitUntil = Date.now() + RECEIPT_WAIT_MS;
      for (const a of acks) a.resolve();
      if (moFailure) logger.warn('recording SMPP MO failed; left unanswered', { connector: this.connector.name, error: moFailure });
      for (const a of moAcks) (moFailure ? a.reject(moFailure) : a.resolve());
      for (const r of releases) r();
      this.onRecorded();
    } catch (e) {
      logger.warn('recording SMPP answers failed; retrying', { connector: this.connector.name, error: e });
      // Receipts and MO are not acknowledged (the SMSC sends them again); answers and slots stay pending, in order.
      for (const a of [...acks, ...moAcks]) a.reject(e);
      this.pending = {
        parts: [...batch.parts, ...this.pending.parts],
        outcomes: [...batch.outcomes, ...this.pending.outcomes],
        receipts: this.pending.receipts,
        mos: this.pending.mos,
      };
      this.releases = [...releases, ...this.releases];
      this.retryTimer = setTimeout(() => {
        this.retryTimer = null;
        if (this.hasPending) this.soon();
      }, this.retryMs);
    } finally {
      this.running = null;
    }
    if (this.hasPending && !this.retryTimer) this.soon();
  }
}
