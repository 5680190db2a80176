/**
 * The PDU bodies whose octets matter, read exactly as SMPP 3.4 lays them out (the `smpp` library decodes
 * short_message by its own rules and drops TLVs it does not know): submit_sm, submit_multi, deliver_sm (submit_sm's
 * layout) and data_sm. Each takes the whole PDU, header included (framed-session.ts `rawPdu`).
 */
import type { SmppAddresses } from './submit-sm';

/** One destination of a submit_multi: an SME address, or a distribution list name. */
export type MultiDestination = { dest_addr_ton: number; dest_addr_npi: number; destination_addr: string } | { dl_name: string };

export type RawSubmit = SmppAddresses & {
  service_type: string;
  esm_class: number;
  protocol_id: number;
  validity_period: string;
  registered_delivery: number;
  data_coding: number;
  short_message: Buffer;
  tlvs: Map<number, Buffer>;
};

export const TLV = {
  message_payload: 0x0424, receipted_message_id: 0x001e, message_state: 0x0427,
  sar_msg_ref_num: 0x020c, sar_total_segments: 0x020e, sar_segment_seqnum: 0x020f,
} as const;

/** Reads a PDU body field by field; any overrun or over-long C-octet string marks it bad instead of throwing. */
class Reader {
  o = 16; // after the header
  bad = false;
  constructor(readonly raw: Buffer) {}
  cstr(max: number): string {
    const end = this.raw.indexOf(0, this.o);
    if (end < 0 || end - this.o + 1 > max) {
      this.bad = true;
      return '';
    }
    const s = this.raw.toString('latin1', this.o, end);
    this.o = end + 1;
    return s;
  }
  u8(): number {
    if (this.o >= this.raw.length) {
      this.bad = true;
      return 0;
    }
    return this.raw[this.o++];
  }
}

type Tail = Pick<RawSubmit, 'esm_class' | 'protocol_id' | 'validity_period' | 'registered_delivery' | 'data_coding' | 'short_message' | 'tlvs'>;

/** The fields submit_sm and submit_multi share after the destination(s), and the TLVs. Null when they do not fit. */
function readTail(r: Reader): Tail | null {
  const esm_class = r.u8();
  const protocol_id = r.u8();
  r.u8(); // priority_flag
  r.cstr(17); // schedule_delivery_time
  const validity_period = r.cstr(17);
  const registered_delivery = r.u8();
  r.u8(); // replace_if_present_flag
  const data_coding = r.u8();
  r.u8(); // sm_default_msg_id
  const smLength = r.u8();
  const raw = r.raw;
  if (r.bad || smLength > 254 || r.o + smLength > raw.length) return null;
  const short_message = raw.subarray(r.o, r.o + smLength);
  const tlvs = readTlvs(raw, r.o + smLength);
  return tlvs && { esm_class, protocol_id, validity_period, registered_delivery, data_coding, short_message, tlvs };
}

/** The TLVs from offset `o` to the end of the PDU; null when one overruns it or octets are left over. */
function readTlvs(raw: Buffer, o: number): Map<number, Buffer> | null {
  const tlvs = new Map<number, Buffer>();
  while (o + 4 <= raw.length) {
    const tag = raw.readUInt16BE(o);
    const len = raw.readUInt16BE(o + 2);
    if (o + 4 + len > raw.length) return null;
    tlvs.set(tag, raw.subarray(o + 4, o + 4 + len));
    o += 4 + len;
  }
  return o === raw.length ? tlvs : null;
}

/**
 * A submit_sm body read exactly as SMPP 3.4 section 4.4.1 lays it out, C-octet strings held to their maximum sizes
 * (service_type 6, addresses 21, times 17, including the NUL). Null when the PDU does not follow the layout.
 */
export function parseSubmitSm(raw: Buffer): RawSubmit | null {
  const r = new Reader(raw);
  const head = readSource(r);
  const dest = { dest_addr_ton: r.u8(), dest_addr_npi: r.u8(), destination_addr: r.cstr(21) };
  if (r.bad) return null;
  const tail = readTail(r);
  return tail && { ...head, ...dest, ...tail };
}

/** service_type and the source address, which both submit PDUs open with. */
function readSource(r: Reader) {
  return { service_type: r.cstr(6), source_addr_ton: r.u8(), source_addr_npi: r.u8(), source_addr: r.cstr(21) };
}

export type RawSubmitMulti = Omit<RawSubmit, 'dest_addr_ton' | 'dest_addr_npi' | 'destination_addr'> & { destinations: MultiDestination[] };

/** A submit_multi body (SMPP 3.4 section 4.5.1): up to 255 destinations, SME addresses or distribution list names. */
export function parseSubmitMulti(raw: Buffer): RawSubmitMulti | null {
  const r = new Reader(raw);
  const head = readSource(r);
  const count = r.u8();
  const destinations: MultiDestination[] = [];
  for (let i = 0; i < count && !r.bad; i++) {
    const flag = r.u8();
    if (flag === 1) destinations.push({ dest_addr_ton: r.u8(), dest_addr_npi: r.u8(), destination_addr: r.cstr(21) });
    else if (flag === 2) destinations.push({ dl_name: r.cstr(21) });
    else r.bad = true;
  }
  if (r.bad) return null;
  const tail = readTail(r);
  return tail && { ...head, destinations, ...tail };
}

export type RawDataSm = Pick<RawSubmit, 'service_type' | 'source_addr_ton' | 'source_addr_npi' | 'source_addr' | 'dest_addr_ton' | 'dest_addr_npi' | 'destination_addr' | 'esm_class' | 'registered_delivery' | 'data_coding' | 'tlvs'>;

/**
 * A data_sm body (SMPP 3.4 section 4.7.1): addresses of up to 65 octets, no short_message (the text is the
 * message_payload TLV). Null when the PDU does not follow the layout.
 */
export function parseDataSm(raw: Buffer): RawDataSm | null {
  const r = new Reader(raw);
  const head = { service_type: r.cstr(6), source_addr_ton: r.u8(), source_addr_npi: r.u8(), source_addr: r.cstr(65) };
  const dest = { dest_addr_ton: r.u8(), dest_addr_npi: r.u8(), destination_addr: r.cstr(65) };
  const esm_class = r.u8();
  const registered_delivery = r.u8();
  const data_coding = r.u8();
  if (r.bad) return null;
  const tlvs = readTlvs(raw, r.o);
  return tlvs && { ...head, ...dest, esm_class, registered_delivery, data_coding, tlvs };
}
