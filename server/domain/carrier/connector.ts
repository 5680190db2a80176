import type { SessionState } from '@/db/schema';

/**
 * The one interface every carrier driver implements (Kannel's smscconn: start, stop, queue), and the shapes every
 * driver reports in. A dispatch hands each recipient to the connector its route names (delivery/hand-over.ts, D14
 * routing in routing.ts): a row in `carrier_outbox`, whose insert wakes the connector's owner. The worker process
 * that holds the connector's lease (manager.ts) runs its driver: it takes the connector's due outbox rows and
 * reports what became of them through one port, server/domain/delivery/carrier-port.ts (applyCarrierReports:
 * accepted, refused before acceptance, receipts), which owns every state change. Drivers: an SMPP connector's
 * sessions (smpp/runtime.ts), the simulator of D11 (simulator/driver.ts). Nothing above this interface knows which
 * driver it talks to. `recipientId` is a stable client reference (one row per recipient per dispatch).
 */
export interface CarrierDriver {
  /** The lease token its outbox claims carry. */
  readonly token: string;
  start(): void;
  /** Clean stop: takes nothing more, reports what it holds. */
  stop(): Promise<void>;
  /**
   * Lost lease: drop everything now; the next owner takes the rows again. Resolves once what it had heard is recorded
   * (a new owner in the same process waits for that).
   */
  destroy(): Promise<void>;
  /** Rows were handed to this connector (the outbox's notification): look now. */
  kick(): void;
  /** Live view of its sessions, published with the lease (a connector with no bound session fails over). */
  states(): SessionState[];
}

export type Failure = { errorCode: string; errorMessage: string; retryable: boolean };

export type Receipt = { recipientId: number } & ({ delivered: true } | ({ delivered: false } & Failure));
