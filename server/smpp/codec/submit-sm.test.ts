import smpp from 'smpp';
import { describe, expect, it } from 'vitest';
import { encodable, encodeSubmitSm, type SubmitFields } from './submit-sm';
import { relativeValidity, splitMessage } from './split';

const base = {
  source_addr_ton: 5, source_addr_npi: 0, source_addr: 'ACME', dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '243829905000',
  registered_delivery: 1, validity_period: relativeValidity(172800),
};
const library = (f: SubmitFields) => (new smpp.PDU('submit_sm', { ...f }) as unknown as { toBuffer(): Buffer }).toBuffer();

describe('encodeSubmitSm', () => {
  const cases: Array<[string, SubmitFields]> = [
    ['GSM, one part', { ...base, ...splitMessage('Your code is 123456', { gsmCoding: 0, long: 'udh', ref: 7 })[0] }],
    ['UCS-2', { ...base, ...splitMessage('Jambo ☺', { gsmCoding: 0, long: 'udh', ref: 7 })[0] }],
    ['Latin-1 (data_coding 3)', { ...base, ...splitMessage('Café', { gsmCoding: 3, long: 'udh', ref: 7 })[0] }],
    ['a UDH part', { ...base, ...splitMessage('A'.repeat(200), { gsmCoding: 0, long: 'udh', ref: 300 })[1] }],
    ['no sender, other TON/NPI, 1 day', { ...base, source_addr: '', source_addr_ton: 1, source_addr_npi: 1, validity_period: relativeValidity(86400), ...splitMessage('x', { gsmCoding: 0, long: 'udh', ref: 1 })[0] }],
    ['an empty text', { ...base, ...splitMessage('', { gsmCoding: 0, long: 'udh', ref: 1 })[0] }],
  ];
  it.each(cases)('writes the octets the smpp library writes: %s', (_name, f) => {
    expect(encodable(f)).toBe(true);
    expect(encodeSubmitSm(f).toString('hex')).toBe(library(f).toString('hex'));
  });

  it('leaves TLVs (SAR, message_payload) to the library', () => {
    expect(encodable({ ...base, ...splitMessage('A'.repeat(200), { gsmCoding: 0, long: 'sar', ref: 3 })[0] })).toBe(false);
    expect(encodable({ ...base, ...splitMessage('A'.repeat(200), { gsmCoding: 0, long: 'payload', ref: 3 })[0] })).toBe(false);
  });
});
