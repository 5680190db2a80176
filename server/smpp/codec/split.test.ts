import { describe, expect, it } from 'vitest';
import { analyzeMessage } from '@/shared/messages/segments';
import { encodeGsm } from './gsm';
import { relativeValidity, splitMessage } from './split';

const hex = (b: Buffer) => b.toString('hex');

describe('GSM 03.38 encoder (unpacked septets)', () => {
  it('maps the basic set to its positions', () => {
    expect(hex(encodeGsm('@£$¥Hello'))).toBe('000102034865' + '6c6c6f');
    expect(hex(encodeGsm('ΔÆæßÉ\n\r ¡¿§àüñöä'))).toBe('101c1d1e1f0a0d2040605f7f7e7d7c7b');
  });

  it('escapes the extension table with 0x1B', () => {
    expect(hex(encodeGsm('^{}\\[~]|€\f'))).toBe('1b141b281b291b2f1b3c1b3d1b3e1b401b651b0a');
  });

  it('refuses a character outside GSM 03.38', () => {
    expect(() => encodeGsm('ok ☺')).toThrow('not a GSM 03.38 character: U+263A');
  });
});

describe('splitter', () => {
  const udh = (ref: number, total: number, seq: number) => `050003${ref.toString(16).padStart(2, '0')}0${total}0${seq}`;

  it('one GSM part up to 160 septets, data_coding 0, no UDH', () => {
    const parts = splitMessage('a'.repeat(160), { gsmCoding: 0, long: 'udh', ref: 7 });
    expect(parts).toEqual([{ data_coding: 0, esm_class: 0, short_message: Buffer.alloc(160, 0x61) }]);
  });

  it('3-part GSM with UDH: 153 septets per part, 8-bit reference, esm_class 0x40', () => {
    const text = 'x'.repeat(153) + 'y'.repeat(153) + 'z'.repeat(10);
    const parts = splitMessage(text, { gsmCoding: 0, long: 'udh', ref: 0x1a7 });
    expect(parts.map((p) => [p.data_coding, p.esm_class, p.short_message.length])).toEqual([[0, 0x40, 159], [0, 0x40, 159], [0, 0x40, 16]]);
    expect(hex(parts[0].short_message.subarray(0, 6))).toBe(udh(0xa7, 3, 1));
    expect(hex(parts[2].short_message)).toBe(udh(0xa7, 3, 3) + '7a'.repeat(10));
    expect(parts.length).toBe(analyzeMessage(text).segments);
  });

  it('never cuts an escape pair: the part ends early and the count follows D1', () => {
    const text = 'a'.repeat(152) + '€' + 'b'.repeat(10);
    const parts = splitMessage(text, { gsmCoding: 0, long: 'udh', ref: 1 });
    expect(parts.map((p) => p.short_message.length - 6)).toEqual([152, 12]);
    expect(hex(parts[1].short_message.subarray(6, 8))).toBe('1b65');
    expect(parts.length).toBe(analyzeMessage(text).segments);
  });

  it('UCS-2 big-endian with data_coding 8; 67 units per part; a surrogate pair stays whole', () => {
    expect(splitMessage('Habari ☺', { gsmCoding: 0, long: 'udh', ref: 1 })).toEqual([
      { data_coding: 8, esm_class: 0, short_message: Buffer.from('0048006100620061007200690020263a', 'hex') },
    ]);
    const text = 'ж'.repeat(66) + '😀' + 'ж'.repeat(5);
    const parts = splitMessage(text, { gsmCoding: 0, long: 'udh', ref: 2 });
    expect(parts.map((p) => (p.short_message.length - 6) / 2)).toEqual([66, 7]);
    expect(hex(parts[1].short_message.subarray(6, 10))).toBe('d83dde00');
    expect(parts.length).toBe(analyzeMessage(text).segments);
  });

  it('Latin-1 (data_coding 3) when the connector asks for it; GSM-only characters fall back to UCS-2', () => {
    expect(splitMessage('Café €', { gsmCoding: 3, long: 'udh', ref: 1 })[0].data_coding).toBe(8);
    expect(splitMessage('Café ok', { gsmCoding: 3, long: 'udh', ref: 1 })).toEqual([{ data_coding: 3, esm_class: 0, short_message: Buffer.from('Café ok', 'latin1') }]);
  });

  it('Latin-1: a 141-160 character GSM-7 text (1 segment billed) goes whole in one message_payload PDU, not as 2 parts (D21)', () => {
    const text = 'Livraison prévue à 14h. '.repeat(6).slice(0, 150);
    expect(analyzeMessage(text).segments).toBe(1);
    expect(splitMessage(text, { gsmCoding: 3, long: 'udh', ref: 1 })).toEqual([
      { data_coding: 3, esm_class: 0, short_message: Buffer.alloc(0), message_payload: Buffer.from(text, 'latin1') },
    ]);
    expect(splitMessage(text.slice(0, 140), { gsmCoding: 3, long: 'udh', ref: 1 })).toEqual([
      { data_coding: 3, esm_class: 0, short_message: Buffer.from(text.slice(0, 140), 'latin1') },
    ]);
  });

  it('Latin-1: a long GSM-7 text goes in its billed parts when each fits in 134 octets, else whole in message_payload', () => {
    const braces = '{}'.repeat(70) + 'x'.repeat(20); // 300 septets (2 segments) but 160 Latin-1 octets
    const parts = splitMessage(braces, { gsmCoding: 3, long: 'udh', ref: 9 });
    expect(parts.map((p) => [p.data_coding, p.esm_class, p.short_message.length - 6])).toEqual([[3, 0x40, 76], [3, 0x40, 84]]);
    expect(parts.length).toBe(analyzeMessage(braces).segments);
    const plain = 'a'.repeat(200); // 2 segments of 153 + 47 septets; 153 octets do not fit in one Latin-1 part
    expect(splitMessage(plain, { gsmCoding: 3, long: 'sar', ref: 9 })).toEqual([
      { data_coding: 3, esm_class: 0, short_message: Buffer.alloc(0), message_payload: Buffer.alloc(200, 0x61) },
    ]);
  });

  it('SAR TLVs instead of UDH', () => {
    const parts = splitMessage('q'.repeat(200), { gsmCoding: 0, long: 'sar', ref: 0x1234 });
    expect(parts.map(({ short_message, ...rest }) => [short_message.length, rest])).toEqual([
      [153, { data_coding: 0, esm_class: 0, sar_msg_ref_num: 0x1234, sar_total_segments: 2, sar_segment_seqnum: 1 }],
      [47, { data_coding: 0, esm_class: 0, sar_msg_ref_num: 0x1234, sar_total_segments: 2, sar_segment_seqnum: 2 }],
    ]);
  });

  it('message_payload: one submit_sm, empty short_message', () => {
    expect(splitMessage('q'.repeat(200), { gsmCoding: 0, long: 'payload', ref: 1 })).toEqual([
      { data_coding: 0, esm_class: 0, short_message: Buffer.alloc(0), message_payload: Buffer.alloc(200, 0x71) },
    ]);
  });

  it('relative validity period', () => {
    expect(relativeValidity(172800)).toBe('000002000000000R');
    expect(relativeValidity(3661)).toBe('000000010101000R');
  });
});
