/**
 * What the simulator (D11) implements as a carrier, and the shapes every carrier reports in. Both kinds of carrier
 * report what became of their recipients through one port, server/domain/delivery/carrier-port.ts
 * (applyCarrierReports: accepted, refused before acceptance, receipts), which owns every state change:
 * - a dispatch starts, in its `dispatch_message` job, by handing each recipient to its carrier
 *   (delivery/hand-over.ts, D14 routing in routing.ts);
 * - the simulator's `submit` runs in the dispatch's `carrier_submit` job, and its `simulateReceipts` in a timer job;
 * - SMPP connectors (server/domain/carrier/smpp/) hold long-lived sessions in exactly one worker process: their
 *   recipients wait in `carrier_outbox`, whose inserts wake the owner's loop; it submits them and reports its
 *   answers and receipts in batches (smpp/record.ts).
 * `recipientId` is a stable client reference (one row per recipient per dispatch).
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
