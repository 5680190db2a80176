import { isUnlikelyNumber } from '@/shared/messages/phone';
import type { Failure, Receipt } from '../connector';

/**
 * What the carrier simulator of D11 answers, as pure functions its driver (driver.ts) applies to the rows it takes
 * from carrier_outbox. Like a real carrier, in every environment, it refuses at submission a number that cannot
 * exist: one no range of its country's numbering plan holds (INVALID_DESTINATION, not retryable; the numbers
 * POST /send warns about). Sandbox magic numbers (last four digits of the E.164 number):
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
  SUBMIT_REJECTED: { errorCode: 'SUBMIT_REJECTED', errorMessage: 'The carrier rejected the message at submission.', retryable: true },
} as const satisfies Record<string, Failure>;

/** The sandbox's magic suffixes (D11); D14 sends them to the simulator whatever the routes say. */
export const MAGIC_SUFFIXES = ['1111', '2222', '3333'] as const;

export type SimulatorOptions = {
  /** Probability that a non-magic submission is rejected (CARRIER_SIM_FAILURE_RATE). */
  failureRate: number;
  /** Only the sandbox honours magic numbers. */
  magicNumbers: boolean;
  random?: () => number;
};

export function magicOf(phone: string): (typeof MAGIC_SUFFIXES)[number] | null {
  const tail = phone.slice(-4);
  return (MAGIC_SUFFIXES as readonly string[]).includes(tail) ? (tail as (typeof MAGIC_SUFFIXES)[number]) : null;
}

/** The answer to a submission: accepted (null) or the failure it is refused with. */
export function submitAnswer(phone: string, opts: SimulatorOptions): Failure | null {
  if (isUnlikelyNumber(phone)) return FAILURES.INVALID_DESTINATION;
  const magic = opts.magicNumbers ? magicOf(phone) : null;
  if (magic === '1111') return FAILURES.UNKNOWN_SUBSCRIBER;
  if (!magic && opts.failureRate > 0 && (opts.random ?? Math.random)() < opts.failureRate) return FAILURES.SUBMIT_REJECTED;
  return null;
}

/** The receipt of an accepted message, or null when none ever comes (3333: it expires at the validity's end). */
export function receiptFor(recipientId: number, phone: string, opts: Pick<SimulatorOptions, 'magicNumbers'>): Receipt | null {
  const magic = opts.magicNumbers ? magicOf(phone) : null;
  if (magic === '3333') return null;
  if (magic === '2222') return { recipientId, delivered: false, ...FAILURES.ABSENT_SUBSCRIBER };
  return { recipientId, delivered: true };
}
