import smpp from 'smpp';
import { describe, expect, it } from 'vitest';
import { parseDataSm, parseSubmitMulti, parseSubmitSm, TLV } from './read-pdu';

/** The `smpp` library writes a PDU; the readers here must find in its octets the fields it was given. */
const library = (command: string, fields: Record<string, unknown>) =>
  (new smpp.PDU(command, { sequence_number: 9, ...fields }) as unknown as { toBuffer(): Buffer }).toBuffer();

const addresses = { source_addr_ton: 5, source_addr_npi: 0, source_addr: 'ACME', dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '243812345678' };
const octets = Buffer.from([0x05, 0x00, 0x03, 0x2a, 0x02, 0x01, 0x1b, 0x65, 0x80, 0xff, 0x00, 0x41]);

describe('parseSubmitSm reads what the library writes', () => {
  it('every field of a submit_sm, short_message as its octets', () => {
    const fields = {
      service_type: 'CMT', ...addresses, esm_class: 0x40, protocol_id: 0x7f, validity_period: '000002000000000R',
      registered_delivery: 1, data_coding: 8, short_message: octets,
    };
    expect(parseSubmitSm(library('submit_sm', fields))).toEqual({ ...fields, tlvs: new Map() });
  });

  it('a deliver_sm (submit_sm layout) with its TLVs: SAR, message_payload, receipted_message_id, message_state', () => {
    const raw = library('deliver_sm', {
      ...addresses, esm_class: 0x04, data_coding: 0, short_message: Buffer.alloc(0),
      sar_msg_ref_num: 0x1234, sar_total_segments: 3, sar_segment_seqnum: 2,
      message_payload: octets, receipted_message_id: 'abc123', message_state: 2,
    });
    const f = parseSubmitSm(raw)!;
    expect(f).toMatchObject({ ...addresses, esm_class: 0x04, data_coding: 0, short_message: Buffer.alloc(0) });
    expect(f.tlvs.get(TLV.sar_msg_ref_num)).toEqual(Buffer.from([0x12, 0x34]));
    expect(f.tlvs.get(TLV.sar_total_segments)).toEqual(Buffer.from([3]));
    expect(f.tlvs.get(TLV.sar_segment_seqnum)).toEqual(Buffer.from([2]));
    expect(f.tlvs.get(TLV.message_payload)).toEqual(octets);
    expect(f.tlvs.get(TLV.receipted_message_id)).toEqual(Buffer.from('abc123\0'));
    expect(f.tlvs.get(TLV.message_state)).toEqual(Buffer.from([2]));
  });

  it('null when the octets break the layout: cut short, an address over 21 octets, a TLV overrunning the PDU', () => {
    const raw = library('submit_sm', { ...addresses, short_message: octets });
    expect(parseSubmitSm(raw.subarray(0, raw.length - 3))).toBeNull();
    expect(parseSubmitSm(library('submit_sm', { ...addresses, destination_addr: '1'.repeat(21) }))).toBeNull();
    const overrun = Buffer.concat([raw, Buffer.from([0x04, 0x24, 0x00, 0x09, 0x41])]);
    expect(parseSubmitSm(overrun)).toBeNull();
  });
});

describe('parseSubmitMulti reads what the library writes', () => {
  it('SME addresses and distribution lists, in order, and the fields after them', () => {
    const dest_address = [
      { dest_addr_ton: 1, dest_addr_npi: 1, destination_addr: '243812345678' },
      { dl_name: 'friends' },
      { dest_addr_ton: 0, dest_addr_npi: 0, destination_addr: '0812' },
    ];
    const raw = library('submit_multi', {
      source_addr: 'ACME', dest_address, esm_class: 0, registered_delivery: 1, data_coding: 0, short_message: octets, message_payload: octets,
    });
    const f = parseSubmitMulti(raw)!;
    expect(f.destinations).toEqual(dest_address);
    expect(f).toMatchObject({ source_addr: 'ACME', registered_delivery: 1, data_coding: 0, short_message: octets });
    expect(f.tlvs.get(TLV.message_payload)).toEqual(octets);
  });
});

describe('parseDataSm reads what the library writes', () => {
  it('addresses longer than submit_sm allows, and the text in message_payload', () => {
    const long = { ...addresses, source_addr: 'S'.repeat(40), destination_addr: '9'.repeat(30) };
    const f = parseDataSm(library('data_sm', { ...long, esm_class: 0, registered_delivery: 0, data_coding: 8, message_payload: octets }))!;
    expect(f).toMatchObject({ ...long, esm_class: 0, registered_delivery: 0, data_coding: 8 });
    expect(f.tlvs.get(TLV.message_payload)).toEqual(octets);
  });
});
