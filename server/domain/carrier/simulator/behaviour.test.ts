import { describe, expect, it } from 'vitest';
import { magicOf, receiptFor, submitAnswer } from './behaviour';

const sandbox = { failureRate: 0, magicNumbers: true };
const INVALID = { errorCode: 'INVALID_DESTINATION', errorMessage: "The number does not exist: it is in no range of its country's numbering plan.", retryable: false };

describe('carrier simulator (D11)', () => {
  it('recognizes magic numbers by their last four digits', () => {
    expect(['+243810001111', '+243810002222', '+243810003333', '+243810004444'].map(magicOf)).toEqual(['1111', '2222', '3333', null]);
  });

  it('fails 1111 at submission, accepts the others', () => {
    expect(['+243810001111', '+243810002222', '+243810009999'].map((p) => submitAnswer(p, sandbox))).toEqual([
      { errorCode: 'UNKNOWN_SUBSCRIBER', errorMessage: 'The number is not assigned to a subscriber.', retryable: false },
      null,
      null,
    ]);
  });

  it.each([true, false])('refuses a number that cannot exist at submission, like a real carrier (sandbox %s)', (magicNumbers) => {
    // 2025550123 read in CD (a US number without its +1), a CD number in no range, and real ones
    expect(['+2432025550123', '+243700001111', '+243810005555', '+14155552671'].map((p) => submitAnswer(p, { failureRate: 0, magicNumbers }))).toEqual([
      INVALID,
      INVALID,
      null,
      null,
    ]);
  });

  it('receipts: 2222 fails (retryable), 3333 gets none, others deliver', () => {
    expect([receiptFor(1, '+243810002222', sandbox), receiptFor(2, '+243810003333', sandbox), receiptFor(3, '+243810005555', sandbox)]).toEqual([
      { recipientId: 1, delivered: false, errorCode: 'ABSENT_SUBSCRIBER', errorMessage: 'The handset was unreachable; the carrier reported a failure.', retryable: true },
      null,
      { recipientId: 3, delivered: true },
    ]);
  });

  it('applies the failure rate to ordinary numbers only', () => {
    const opts = { failureRate: 0.5, magicNumbers: true, random: () => 0.1 };
    expect(['+243810005555', '+243810002222'].map((p) => submitAnswer(p, opts)?.errorCode ?? 'sent')).toEqual(['SUBMIT_REJECTED', 'sent']);
  });

  it('ignores magic numbers outside the sandbox', () => {
    const live = { failureRate: 0, magicNumbers: false };
    expect(submitAnswer('+243810001111', live)).toBeNull();
    expect(receiptFor(1, '+243810003333', live)).toEqual({ recipientId: 1, delivered: true });
  });
});
