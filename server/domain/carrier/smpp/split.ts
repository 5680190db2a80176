import type { LongMethod } from '@/db/schema';
import { gsmChar } from './gsm';

export const DATA_CODING = { GSM: 0, LATIN1: 3, UCS2: 8 } as const;

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
 * Encodes per D1/D14: GSM 03.38 as unpacked septets (data_coding 0), or Latin-1 (3) when the connector says so
 * and every character is Latin-1; anything else UCS-2 big-endian (8). Returns each character's octets.
 */
export function encodeChars(text: string, gsmCoding: number): { dataCoding: number; chars: Buffer[] } {
  const chars = Array.from(text);
  const gsm = chars.map(gsmChar);
  if (gsm.every((s) => s !== null)) {
    if (gsmCoding === DATA_CODING.LATIN1 && chars.every((c) => c.codePointAt(0)! <= 0xff)) {
      return { dataCoding: DATA_CODING.LATIN1, chars: chars.map((c) => Buffer.from(c, 'latin1')) };
    }
    if (gsmCoding === DATA_CODING.GSM) return { dataCoding: DATA_CODING.GSM, chars: gsm.map((s) => Buffer.from(s!)) };
  }
  return { dataCoding: DATA_CODING.UCS2, chars: chars.map((c) => Buffer.from(c, 'utf16le').swap16()) };
}

/** Octets of a single message, and of each part of a concatenated one (6 octets of UDH leave 153 septets / 134 octets). */
function limits(dataCoding: number): { single: number; part: number } {
  return dataCoding === DATA_CODING.GSM ? { single: 160, part: 153 } : { single: 140, part: 134 };
}

/** Packs characters into chunks of at most `limit` octets; a character (escape pair, surrogate pair) is never cut. */
function chunk(chars: Buffer[], limit: number): Buffer[] {
  const out: Buffer[] = [];
  let cur: Buffer[] = [];
  let used = 0;
  for (const c of chars) {
    if (used + c.length > limit) {
      out.push(Buffer.concat(cur));
      cur = [];
      used = 0;
    }
    cur.push(c);
    used += c.length;
  }
  out.push(Buffer.concat(cur));
  return out;
}

/**
 * The submit_sm text fields of each part. `ref` identifies the concatenated message (8 bits in the UDH,
 * 16 in SAR): derived from the recipient, so a part submitted again after a dropped session carries the same one.
 */
export function splitMessage(text: string, opts: { gsmCoding: number; long: LongMethod; ref: number }): PartPdu[] {
  const { dataCoding, chars } = encodeChars(text, opts.gsmCoding);
  const lim = limits(dataCoding);
  const whole = Buffer.concat(chars);
  if (whole.length <= lim.single) return [{ data_coding: dataCoding, esm_class: 0, short_message: whole }];
  if (opts.long === 'payload') return [{ data_coding: dataCoding, esm_class: 0, short_message: Buffer.alloc(0), message_payload: whole }];
  const parts = chunk(chars, lim.part);
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
  return [{ data_coding: dataCoding, esm_class: 0x40, short_message: Buffer.concat([udh, ...chars]) }];
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
