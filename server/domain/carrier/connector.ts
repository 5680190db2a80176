/**
 * The boundary between the delivery pipeline and a carrier (SMSC). Dispatch
 * and billing only see this interface and the recipient state machine.
 *
 * Two kinds of connector sit behind it (D14):
 * - the simulator (D11) implements `submit` in the job itself;
 * - SMPP connectors (server/domain/carrier/smpp/) cannot: their sessions are
 *   long-lived and held by exactly one worker process. `carrier_submit` routes
 *   the recipients (routing.ts) into `carrier_outbox`; the owning worker's
 *   submit loop claims them and moves them with the same transitions
 *   (processing -> sent -> delivered | failed) and events as the simulator.
 *
 * - `submit` hands a batch to the SMSC. An accepted message is `sent`; a
 *   rejected one `failed`. `recipientId` is a stable client reference (one row
 *   per recipient per dispatch), so a real connector can let the SMSC drop a
 *   duplicate submit after a crash-and-retry.
 * - Delivery receipts arrive later; a real connector feeds them to
 *   `applyReceipts` (server/domain/delivery/carrier-steps.ts). The simulator
 *   produces them from `simulateReceipts` on a timer job.
 */
export type OutboundSms = {
  recipientId: number;
  phone: string;
  body: string;
  senderId: string | null;
  segments: number;
  /** Network name of the pricing row the number matched, if any. */
  network: string | null;
};

export type Failure = { errorCode: string; errorMessage: string; retryable: boolean };

export type SubmitOutcome = { recipientId: number; carrier: string } & ({ accepted: true } | ({ accepted: false } & Failure));

export type Receipt = { recipientId: number } & ({ delivered: true } | ({ delivered: false } & Failure));

export interface CarrierConnector {
  readonly name: string;
  /** Informational label of the carrier a number goes through (not a stable value). */
  carrierLabel(phone: string, network: string | null): string;
  submit(batch: OutboundSms[]): Promise<SubmitOutcome[]>;
  /**
   * Optional capability: receipts produced on demand for sent messages (the simulator's timer job,
   * `carrier_receipts`); messages left out get none and expire. Connectors whose receipts arrive from the
   * carrier on their own (SMPP) do not have it.
   */
  simulateReceipts?(sent: Array<{ recipientId: number; phone: string }>): Receipt[];
}
