import { isUnlikelyNumber } from '@/shared/messages/phone';
import type { CarrierConnector, Failure, OutboundSms, Receipt, SubmitOutcome } from './connector';

/**
 * The carrier simulator of D11, the default connector until a real one exists.
 * Like a real carrier, in every environment, it refuses at submission a number
 * that cannot exist: one no range of its country's numbering plan holds
 * (INVALID_DESTINATION, not retryable; the numbers POST /send warns about).
 * Sandbox magic numbers (last four digits of the E.164 number):
 *   1111 fails at submission (UNKNOWN_SUBSCRIBER, not retryable)
 *   2222 is sent, then fails (ABSENT_SUBSCRIBER, retryable)
 *   3333 is sent and never gets a receipt; it fails at validity expiry (EXPIRED, retryable)
 * Any other number is delivered, except for the random failure rate at submission.
 */
export const FAILURES = {
  INVALID_DESTINATION: {
    errorCode: 'INVALID_DESTINATION',
    errorMessage: "The number does not exist: it is in no range of its country's numbering plan.",
    retryable: false,
  },
  UNKNOWN_SUBSCRIBER: { errorCode: 'UNKNOWN_SUBSCRIBER', errorMessage: 'The number is not assigned to a subscriber.', retryable: false },
  ABSENT_SUBSCRIBER: { errorCode: 'ABSENT_SUBSCRIBER', errorMessage: 'The handset was unreachable; the carrier reported a failure.', retryable: true },
  EXPIRED: { errorCode: 'EXPIRED', errorMessage: 'No delivery receipt before the validity period expired.', retryable: true },
  SUBMIT_REJECTED: { errorCode: 'SUBMIT_REJECTED', errorMessage: 'The carrier rejected the message at submission.', retryable: true },
} as const satisfies Record<string, Failure>;

export type SimulatorOptions = {
  /** Probability that a non-magic submission is rejected (CARRIER_SIM_FAILURE_RATE). */
  failureRate: number;
  /** Only the sandbox honours magic numbers. */
  magicNumbers: boolean;
  random?: () => number;
};

export function magicOf(phone: string): '1111' | '2222' | '3333' | null {
  const tail = phone.slice(-4);
  return tail === '1111' || tail === '2222' || tail === '3333' ? tail : null;
}

export class CarrierSimulator implements CarrierConnector {
  readonly name = 'simulator';
  private readonly random: () => number;
  constructor(private readonly opts: SimulatorOptions) {
    this.random = opts.random ?? Math.random;
  }

  carrierLabel(_phone: string, network: string | null): string {
    const slug = (network ?? 'default').toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return `sim-${slug}`;
  }

  async submit(batch: OutboundSms[]): Promise<SubmitOutcome[]> {
    return batch.map((sms) => {
      const carrier = this.carrierLabel(sms.phone, sms.network);
      if (isUnlikelyNumber(sms.phone)) return { recipientId: sms.recipientId, carrier, accepted: false, ...FAILURES.INVALID_DESTINATION };
      if (this.opts.magicNumbers && magicOf(sms.phone) === '1111') {
        return { recipientId: sms.recipientId, carrier, accepted: false, ...FAILURES.UNKNOWN_SUBSCRIBER };
      }
      if (!(this.opts.magicNumbers && magicOf(sms.phone)) && this.opts.failureRate > 0 && this.random() < this.opts.failureRate) {
        return { recipientId: sms.recipientId, carrier, accepted: false, ...FAILURES.SUBMIT_REJECTED };
      }
      return { recipientId: sms.recipientId, carrier, accepted: true };
    });
  }

  /** Receipts for sent messages; numbers that never get one (3333) are left out and expire later. */
  simulateReceipts(sent: Array<{ recipientId: number; phone: string }>): Receipt[] {
    const out: Receipt[] = [];
    for (const s of sent) {
      const magic = this.opts.magicNumbers ? magicOf(s.phone) : null;
      if (magic === '3333') continue;
      if (magic === '2222') out.push({ recipientId: s.recipientId, delivered: false, ...FAILURES.ABSENT_SUBSCRIBER });
      else out.push({ recipientId: s.recipientId, delivered: true });
    }
    return out;
  }
}
