/**
 * The boundary between the delivery pipeline and a carrier (SMSC). Dispatch
 * and billing only see this interface: the simulator is the first
 * implementation; a real SMPP connector replaces it without touching them.
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
}
