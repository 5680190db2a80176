import { createHash } from 'node:crypto';
import { parseDataSm, parseSubmitSm, TLV, type RawDataSm } from '../codec/read-pdu';

/** deliver_sm and data_sm whose esm_class message-type bits (0x3C) are all zero carry an MO (D18); else a receipt. */
export const isMo = (esmClass: number) => (esmClass & 0x3c) === 0;

/** Where a part belongs in a concatenation: the reference (by kind: `udh8:`, `udh16:`, `sar:`), the total, its place. */
export type MoConcat = { ref: string; total: number; seq: number };

/** One MO PDU as the connector stores it: addresses as received, the octets of its text (UDH removed). */
export type MoPdu = {
  source: string;
  destination: string;
  dataCoding: number;
  payload: Buffer;
  /** Null: the PDU is a whole MO (no concatenation, or one of a single part, or numbers that cannot be placed). */
  concat: MoConcat | null;
  /** D18's resend rule: connector-independent hash of source, destination, coding and every octet of the text. */
  hash: string;
};

const UDHI = 0x40;

/**
 * An MO deliver_sm or data_sm from its octets (the library decodes short_message by its own rules): the text is
 * message_payload when present, else short_message; with UDHI its UDH is taken off and an 8-bit (IEI 0x00) or
 * 16-bit (IEI 0x08) concatenation element places it, else the SAR TLVs do. A concatenation whose numbers cannot be
 * (total below 2, a sequence 0 or past the total) is an MO on its own. Null when the PDU breaks its layout.
 */
export function parseMoPdu(command: 'deliver_sm' | 'data_sm', raw: Buffer): MoPdu | null {
  const deliver = command === 'deliver_sm' ? parseSubmitSm(raw) : null; // (deliver_sm has submit_sm's layout)
  const f: RawDataSm | null = deliver ?? (command === 'data_sm' ? parseDataSm(raw) : null);
  if (!f) return null;
  const short = deliver?.short_message ?? Buffer.alloc(0);
  const tlvPayload = f.tlvs.get(TLV.message_payload);
  let payload = tlvPayload ?? short;
  let concat: MoConcat | null = null;
  if (f.esm_class & UDHI) {
    const udh = splitUdh(payload);
    if (udh) {
      payload = udh.rest;
      concat = udh.concat;
    }
  }
  concat ??= sarOf(f.tlvs);
  if (concat && !(concat.total >= 2 && concat.seq >= 1 && concat.seq <= concat.total)) concat = null;
  const hash = createHash('sha256');
  for (const part of [f.source_addr, f.destination_addr, String(f.data_coding), String(f.esm_class & UDHI)]) hash.update(part).update('\0');
  hash.update(short).update('\0').update(tlvPayload ?? Buffer.alloc(0)).update('\0');
  for (const tag of [TLV.sar_msg_ref_num, TLV.sar_total_segments, TLV.sar_segment_seqnum]) hash.update(f.tlvs.get(tag) ?? Buffer.alloc(0)).update('\0');
  return { source: f.source_addr, destination: f.destination_addr, dataCoding: f.data_coding, payload, concat, hash: hash.digest('hex') };
}

/** The UDH (UDHL, then IEI / length / data elements) off the octets, and its concatenation element if any; null when it overruns them. */
export function splitUdh(octets: Buffer): { rest: Buffer; concat: MoConcat | null } | null {
  if (octets.length < 1) return null;
  const end = 1 + octets[0];
  if (end > octets.length) return null;
  let concat: MoConcat | null = null;
  for (let o = 1; o + 2 <= end; ) {
    const iei = octets[o];
    const len = octets[o + 1];
    const data = octets.subarray(o + 2, o + 2 + len);
    if (o + 2 + len > end) break;
    if (iei === 0x00 && len === 3) concat = { ref: `udh8:${data[0]}`, total: data[1], seq: data[2] };
    if (iei === 0x08 && len === 4) concat = { ref: `udh16:${data.readUInt16BE(0)}`, total: data[2], seq: data[3] };
    o += 2 + len;
  }
  return { rest: octets.subarray(end), concat };
}

function sarOf(tlvs: Map<number, Buffer>): MoConcat | null {
  const ref = tlvs.get(TLV.sar_msg_ref_num);
  const total = tlvs.get(TLV.sar_total_segments);
  const seq = tlvs.get(TLV.sar_segment_seqnum);
  if (ref?.length !== 2 || total?.length !== 1 || seq?.length !== 1) return null;
  return { ref: `sar:${ref.readUInt16BE(0)}`, total: total[0], seq: seq[0] };
}

/**
 * The sender as D18 reports it: E.164 with `+` when the address is a number (a leading `+` or `00` dropped first);
 * anything else (an alphanumeric sender) as it came.
 */
export function moSender(source: string): string {
  const digits = source.trim().replace(/^\+|^00/, '');
  return /^[0-9]{1,20}$/.test(digits) ? `+${digits}` : source;
}
