import type { PartPdu } from './split';

/** A submit_sm's or deliver_sm's addresses with their TON and NPI (SMPP 3.4 5.2.x). */
export type SmppAddresses = {
  source_addr_ton: number;
  source_addr_npi: number;
  source_addr: string;
  dest_addr_ton: number;
  dest_addr_npi: number;
  destination_addr: string;
};

/** The submit_sm fields the connector sets (SMPP 3.4 5.2.x); the others go as the library sends them: empty or 0. */
export type SubmitFields = PartPdu & SmppAddresses & {
  registered_delivery: number;
  validity_period: string;
};

/** True when `encodeSubmitSm` writes these fields (no TLV: SAR and message_payload go through the library). */
export function encodable(f: SubmitFields): boolean {
  return f.message_payload === undefined && f.sar_msg_ref_num === undefined && f.short_message.length <= 254;
}

const SUBMIT_SM = 0x00000004;

/**
 * The octets of a submit_sm without TLVs, exactly as the `smpp` library's PDU.toBuffer() writes them for the same
 * fields (encode.test.ts compares the two), in one allocation instead of a PDU object and its field filters.
 * The sequence number (octets 12-15) is written when the PDU is sent.
 */
export function encodeSubmitSm(f: SubmitFields): Buffer {
  // (an 'ascii' string is one octet per character, as Buffer.from(s, 'ascii') writes it: written in place)
  const len = 16 + 1 + 2 + f.source_addr.length + 1 + 2 + f.destination_addr.length + 1 + 3 + 1 + f.validity_period.length + 1 + 4 + 1 + f.short_message.length;
  const b = Buffer.allocUnsafe(len);
  b.writeUInt32BE(len, 0);
  b.writeUInt32BE(SUBMIT_SM, 4);
  b.writeUInt32BE(0, 8);
  b.writeUInt32BE(0, 12);
  let o = 16;
  b[o++] = 0; // service_type ""
  b[o++] = f.source_addr_ton;
  b[o++] = f.source_addr_npi;
  o += b.write(f.source_addr, o, 'ascii');
  b[o++] = 0;
  b[o++] = f.dest_addr_ton;
  b[o++] = f.dest_addr_npi;
  o += b.write(f.destination_addr, o, 'ascii');
  b[o++] = 0;
  b[o++] = f.esm_class;
  b[o++] = 0; // protocol_id
  b[o++] = 0; // priority_flag
  b[o++] = 0; // schedule_delivery_time ""
  o += b.write(f.validity_period, o, 'ascii');
  b[o++] = 0;
  b[o++] = f.registered_delivery;
  b[o++] = 0; // replace_if_present_flag
  b[o++] = f.data_coding;
  b[o++] = 0; // sm_default_msg_id
  b[o++] = f.short_message.length;
  f.short_message.copy(b, o);
  return b;
}
