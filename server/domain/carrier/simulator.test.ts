import { describe, expect, it } from 'vitest';
import { CarrierSimulator, magicOf } from './simulator';

const sms = (recipientId: number, phone: string) => ({ recipientId, phone, body: 'x', senderId: null, segments: 1, network: 'Vodacom' });

describe('carrier simulator (D11)', () => {
  it('recognizes magic numbers by their last four digits', () => {
    expect(['+243810001111', '+243810002222', '+243810003333', '+243810004444'].map(magicOf)).toEqual(['1111', '2222', '3333', null]);
  });

  it('fails 1111 at submission, accepts the others', async () => {
    const sim = new CarrierSimulator({ failureRate: 0, magicNumbers: true });
    expect(await sim.submit([sms(1, '+243810001111'), sms(2, '+243810002222'), sms(3, '+243810009999')])).toEqual([
      { recipientId: 1, carrier: 'sim-vodacom', accepted: false, errorCode: 'UNKNOWN_SUBSCRIBER', errorMessage: 'The number is not assigned to a subscriber.', retryable: false },
      { recipientId: 2, carrier: 'sim-vodacom', accepted: true },
      { recipientId: 3, carrier: 'sim-vodacom', accepted: true },
    ]);
  });

  it.each([true, false])('refuses a number that cannot exist at submission, like a real carrier (sandbox %s)', async (magicNumbers) => {
    const sim = new CarrierSimulator({ failureRate: 0, magicNumbers });
    // 2025550123 read in CD (a US number without its +1), a CD number in no range, and real ones
    expect(await sim.submit([sms(1, '+2432025550123'), sms(2, '+243700001111'), sms(3, '+243810005555'), sms(4, '+14155552671')])).toEqual([
      { recipientId: 1, carrier: 'sim-vodacom', accepted: false, errorCode: 'INVALID_DESTINATION', errorMessage: "The number does not exist: it is in no range of its country's numbering plan.", retryable: false },
      { recipientId: 2, carrier: 'sim-vodacom', accepted: false, errorCode: 'INVALID_DESTINATION', errorMessage: "The number does not exist: it is in no range of its country's numbering plan.", retryable: false },
      { recipientId: 3, carrier: 'sim-vodacom', accepted: true },
      { recipientId: 4, carrier: 'sim-vodacom', accepted: true },
    ]);
  });

  it('receipts: 2222 fails (retryable), 3333 gets none, others deliver', () => {
    const sim = new CarrierSimulator({ failureRate: 0, magicNumbers: true });
    const receipts = sim.simulateReceipts([
      { recipientId: 1, phone: '+243810002222' },
      { recipientId: 2, phone: '+243810003333' },
      { recipientId: 3, phone: '+243810005555' },
    ]);
    expect(receipts).toEqual([
      { recipientId: 1, delivered: false, errorCode: 'ABSENT_SUBSCRIBER', errorMessage: 'The handset was unreachable; the carrier reported a failure.', retryable: true },
      { recipientId: 3, delivered: true },
    ]);
  });

  it('applies the failure rate to ordinary numbers only', async () => {
    const sim = new CarrierSimulator({ failureRate: 0.5, magicNumbers: true, random: () => 0.1 });
    const out = await sim.submit([sms(1, '+243810005555'), sms(2, '+243810002222')]);
    expect(out.map((o) => (o.accepted ? 'sent' : o.errorCode))).toEqual(['SUBMIT_REJECTED', 'sent']);
  });

  it('ignores magic numbers outside the sandbox', async () => {
    const sim = new CarrierSimulator({ failureRate: 0, magicNumbers: false });
    expect((await sim.submit([sms(1, '+243810001111')]))[0].accepted).toBe(true);
    expect(sim.simulateReceipts([{ recipientId: 1, phone: '+243810003333' }])).toEqual([{ recipientId: 1, delivered: true }]);
  });

  it('labels carriers by network (informational)', () => {
    const sim = new CarrierSimulator({ failureRate: 0, magicNumbers: true });
    expect(sim.carrierLabel('+243971234567', 'Airtel')).toBe('sim-airtel');
    expect(sim.carrierLabel('+14155552671', null)).toBe('sim-default');
  });
});
