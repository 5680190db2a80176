import smpp from 'smpp';
import { describe, expect, it } from 'vitest';
import { isMo, moSender, parseMoPdu, splitUdh } from './mo';

type Build = { toBuffer(): Buffer };
const PDU = smpp.PDU as unknown as new (command: string, options: Record<string, unknown>) => Build;
const deliverSm = (o: Record<string, unknown>) => new PDU('deliver_sm', { sequence_number: 7, source_addr: '243811234567', destination_addr: '4321', ...o }).toBuffer();
const dataSm = (o: Record<string, unknown>) => new PDU('data_sm', { sequence_number: 7, source_addr: '243811234567', destination_addr: '4321', ...o }).toBuffer();

describe('isMo (D18)', () => {
  it('esm_class message-type bits all zero: an MO, whatever the UDHI and reply-path bits; else a receipt', () => {
    expect([0x00, 0x40, 0x80, 0xc0, 0x03].map(isMo)).toEqual([true, true, true, true, true]);
    expect([0x04, 0x08, 0x10, 0x20, 0x44].map(isMo)).toEqual([false, false, false, false, false]);
  });
});

describe('parseMoPdu', () => {
  it('a single deliver_sm: addresses as received, the octets of short_message, no concatenation', () => {
    const mo = parseMoPdu('deliver_sm', deliverSm({ data_coding: 0, short_message: Buffer.from('Hello') }))!;
    expect(mo).toMatchObject({ source: '243811234567', destination: '4321', dataCoding: 0, concat: null });
    expect(mo.payload.toString('latin1')).toBe('Hello');
    expect(mo.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('UDH with an 8-bit reference and with a 16-bit one: taken off, the part placed', () => {
    const eight = parseMoPdu('deliver_sm', deliverSm({ esm_class: 0x40, data_coding: 8, short_message: Buffer.from([5, 0x00, 3, 0x2a, 3, 2, 0x00, 0x41]) }))!;
    expect(eight.concat).toEqual({ ref: 'udh8:42', total: 3, seq: 2 });
    expect([...eight.payload]).toEqual([0x00, 0x41]);
    const sixteen = parseMoPdu('deliver_sm', deliverSm({ esm_class: 0x40, data_coding: 0, short_message: Buffer.from([6, 0x08, 4, 0x12, 0x34, 2, 1, 0x41]) }))!;
    expect(sixteen.concat).toEqual({ ref: 'udh16:4660', total: 2, seq: 1 });
    expect(sixteen.payload.toString('latin1')).toBe('A');
  });

  it('other UDH elements (ports) are taken off too, and the MO is whole', () => {
    const mo = parseMoPdu('deliver_sm', deliverSm({ esm_class: 0x40, data_coding: 4, short_message: Buffer.from([6, 0x05, 4, 0x0b, 0x84, 0x23, 0xf0, 0xca, 0xfe]) }))!;
    expect(mo.concat).toBeNull();
    expect(mo.payload.toString('hex')).toBe('cafe');
  });

  it('SAR TLVs place a part; message_payload replaces short_message', () => {
    const mo = parseMoPdu('deliver_sm', deliverSm({ data_coding: 0, short_message: Buffer.from('part two'), sar_msg_ref_num: 513, sar_total_segments: 2, sar_segment_seqnum: 2 }))!;
    expect(mo.concat).toEqual({ ref: 'sar:513', total: 2, seq: 2 });
    const payload = parseMoPdu('deliver_sm', deliverSm({ data_coding: 0, short_message: Buffer.alloc(0), message_payload: Buffer.from('x'.repeat(600)) }))!;
    expect(payload.payload.length).toBe(600);
    expect(payload.concat).toBeNull();
  });

  it('data_sm: the text is message_payload', () => {
    const mo = parseMoPdu('data_sm', dataSm({ data_coding: 3, message_payload: Buffer.from('Café', 'latin1') }))!;
    expect(mo).toMatchObject({ source: '243811234567', destination: '4321', dataCoding: 3, concat: null });
    expect(mo.payload.toString('latin1')).toBe('Café');
  });

  it('numbers that cannot be placed (total 1 or 0, sequence 0 or past the total): an MO on its own', () => {
    for (const [total, seq] of [[1, 1], [0, 0], [3, 0], [3, 4]]) {
      const mo = parseMoPdu('deliver_sm', deliverSm({ esm_class: 0x40, short_message: Buffer.from([5, 0x00, 3, 9, total, seq, 0x41]) }))!;
      expect(mo.concat).toBeNull();
      expect(mo.payload.toString('latin1')).toBe('A');
    }
  });

  it('a UDH longer than the octets: nothing taken off', () => {
    const mo = parseMoPdu('deliver_sm', deliverSm({ esm_class: 0x40, short_message: Buffer.from([0x20, 0x41]) }))!;
    expect([...mo.payload]).toEqual([0x20, 0x41]);
    expect(splitUdh(Buffer.alloc(0))).toBeNull();
  });

  it('the hash: the same PDU resent (another sequence number) hashes the same; another part or text does not', () => {
    const a = parseMoPdu('deliver_sm', deliverSm({ short_message: Buffer.from('Hi') }))!;
    const again = parseMoPdu('deliver_sm', new PDU('deliver_sm', { sequence_number: 99, source_addr: '243811234567', destination_addr: '4321', short_message: Buffer.from('Hi') }).toBuffer())!;
    const other = parseMoPdu('deliver_sm', deliverSm({ short_message: Buffer.from('Ho') }))!;
    const sar1 = parseMoPdu('deliver_sm', deliverSm({ short_message: Buffer.from('Hi'), sar_msg_ref_num: 1, sar_total_segments: 2, sar_segment_seqnum: 1 }))!;
    expect(again.hash).toBe(a.hash);
    expect(new Set([a.hash, other.hash, sar1.hash]).size).toBe(3);
  });

  it('a PDU that breaks its layout: null', () => {
    const raw = deliverSm({ short_message: Buffer.from('Hello') });
    const cut = Buffer.from(raw.subarray(0, raw.length - 3));
    cut.writeUInt32BE(cut.length, 0);
    expect(parseMoPdu('deliver_sm', cut)).toBeNull();
    expect(parseMoPdu('data_sm', Buffer.from(raw.subarray(0, 16)))).toBeNull();
  });
});

describe('moSender', () => {
  it('numbers as E.164 with +; anything else as it came', () => {
    expect(['243811234567', '+243811234567', '00243811234567', 'ACME', ''].map(moSender)).toEqual(['+243811234567', '+243811234567', '+243811234567', 'ACME', '']);
  });
});
