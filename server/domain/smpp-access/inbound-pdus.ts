import type { InboundEncoding } from '@/db/schema';
import type { SmppAddresses } from '@/server/smpp/codec/submit-sm';
import { splitMessage, type PartPdu } from '@/server/smpp/codec/split';
import { numberKind } from '@/server/domain/numbers/keyword';

/** What a deliver_sm of an MO is built from: its inbound_messages row. */
export type MoForEsme = { inboundId: string; from: string; to: string; text: string; encoding: InboundEncoding };

/** One deliver_sm of an MO to a merchant's ESME (the fields the listener sets; the rest go empty or 0). */
export type MoDeliverSm = PartPdu & SmppAddresses;

/** SMPP 3.4 data_coding 4: 8-bit binary, for an MO whose octets were kept as they came (`encoding` binary). */
export const DATA_CODING_BINARY = 4;
/** A UDH's total is one octet: beyond it, one deliver_sm with message_payload. */
const MAX_UDH_PARTS = 255;

/**
 * The 8-bit concatenation reference of an MO's parts, from its id (FNV-1a): the same on every attempt, so parts sent
 * again after a dropped session join those an ESME already took.
 */
export function concatRef(inboundId: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < inboundId.length; i++) h = Math.imul(h ^ inboundId.charCodeAt(i), 0x01000193);
  return h & 0xff;
}

/**
 * The deliver_sm PDUs of an MO for a merchant's session (D18): esm_class 0 (0x40 with a UDH), source the sender
 * (TON 1, NPI 1; an alphanumeric sender, as some carriers give it, TON 5, NPI 0), destination the number as
 * assigned (a dedicated number TON 1, NPI 1; a short code TON 0, NPI 1). Text goes as sends are split (D1, split.ts):
 * GSM 03.38 unpacked septets (data_coding 0) when every character has one, else UCS-2 (8); longer than one part, in
 * UDH parts with an 8-bit reference. A binary MO goes as its octets with data_coding 4, in 134-octet UDH parts. More
 * than 255 parts cannot be numbered: such a text goes whole in one deliver_sm's message_payload.
 */
export function moDeliverSms(mo: MoForEsme): MoDeliverSm[] {
  const international = /^\+\d+$/.test(mo.from);
  const dedicated = numberKind(mo.to) === 'number';
  const addresses = {
    source_addr_ton: international ? 1 : 5, source_addr_npi: international ? 1 : 0, source_addr: international ? mo.from.slice(1) : mo.from,
    dest_addr_ton: dedicated ? 1 : 0, dest_addr_npi: 1, destination_addr: mo.to,
  };
  const ref = concatRef(mo.inboundId);
  let parts = mo.encoding === 'binary' ? splitOctets(Buffer.from(mo.text, 'hex'), ref) : splitMessage(mo.text, { gsmCoding: 0, long: 'udh', ref });
  if (parts.length > MAX_UDH_PARTS) {
    parts = mo.encoding === 'binary'
      ? [{ data_coding: DATA_CODING_BINARY, esm_class: 0, short_message: Buffer.alloc(0), message_payload: Buffer.from(mo.text, 'hex') }]
      : splitMessage(mo.text, { gsmCoding: 0, long: 'payload', ref });
  }
  return parts.map((p) => ({ ...addresses, ...p }));
}

/** Octets as data_coding 4: one part up to 140, else 134-octet parts after a 6-octet UDH (8-bit reference). */
function splitOctets(octets: Buffer, ref: number): PartPdu[] {
  if (octets.length <= 140) return [{ data_coding: DATA_CODING_BINARY, esm_class: 0, short_message: octets }];
  const total = Math.ceil(octets.length / 134);
  return Array.from({ length: total }, (_, i) => ({
    data_coding: DATA_CODING_BINARY,
    esm_class: 0x40,
    short_message: Buffer.concat([Buffer.from([0x05, 0x00, 0x03, ref, total, i + 1]), octets.subarray(i * 134, (i + 1) * 134)]),
  }));
}
