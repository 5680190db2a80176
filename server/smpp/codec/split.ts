import { carrierSplit, encodeChars, type LongMethod } from '@/shared/messages/segments';

export { DATA_CODING } from '@/shared/messages/segments';

/** One submit_sm's text fields: short_message, or message_payload (long = payload), and the concatenation info. */
export type PartPdu = {
  data_coding: number;
  esm_class: number;
  short_message: Buffer;
  message_payload?: Buffer;
  sar_msg_ref_num?: number;
  sar_total_segments?: number;
  sar_segment_seqnum?: number;
};

/**
 * The submit_sm text fields of each part, the parts being the billed segments (shared/messages/segments.ts,
 * D21). `ref` identifies the concatenated message (8 bits in the UDH, 16 in SAR): derived from the recipient, so a
 * part submitted again after a dropped session carries the same one.
 */
export function splitMessage(text: string, opts: { gsmCoding: number; long: LongMethod; ref: number }): PartPdu[] {
  const split = carrierSplit(text, opts);
  const parts = split.parts.map((p) => Buffer.from(p));
  const dataCoding = split.dataCoding;
  if (split.payload) return [{ data_coding: dataCoding, esm_class: 0, short_message: Buffer.alloc(0), message_payload: parts[0] }];
  if (parts.length === 1) return [{ data_coding: dataCoding, esm_class: 0, short_message: parts[0] }];
  return parts.map((body, i) => {
    if (opts.long === 'sar') {
      return {
        data_coding: dataCoding, esm_class: 0, short_message: body,
        sar_msg_ref_num: opts.ref & 0xffff, sar_total_segments: parts.length, sar_segment_seqnum: i + 1,
      };
    }
    const udh = Buffer.from([0x05, 0x00, 0x03, opts.ref & 0xff, parts.length, i + 1]);
    return { data_coding: dataCoding, esm_class: 0x40, short_message: Buffer.concat([udh, body]) };
  });
}

/**
 * A part an ESME already cut (D15: UDH passed through): its text encoded as one submit_sm with the ESME's UDH and
 * UDHI set; never split again (the ESME sized it to fit).
 */
export function passThroughPart(text: string, udh: Buffer, opts: { gsmCoding: number }): PartPdu[] {
  const { dataCoding, chars } = encodeChars(text, opts.gsmCoding);
  return [{ data_coding: dataCoding, esm_class: 0x40, short_message: Buffer.concat([udh, Buffer.from(chars.flat())]) }];
}

/** SMPP relative validity period `YYMMDDhhmmss000R` for a number of seconds (at most 99 days). */
export function relativeValidity(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return `0000${two(d)}${two(h)}${two(m)}${two(s)}000R`;
}
