/** The smallest PDU: its header (command_length, command_id, command_status, sequence_number). */
export const PDU_HEADER_LENGTH = 16;
/** The largest PDU taken: the `smpp` library's own bound (PDU.maxLength), so whatever is framed it can decode. */
export const PDU_MAX_LENGTH = 16_384;

/** What one push of octets gave: the PDUs now whole, in order, and the command_length that ends the stream, if any. */
export type Cut = { frames: Buffer[]; bad: number | null };

/**
 * Cuts a byte stream into PDUs by their command_length (SMPP 3.4 section 3.2), however the octets arrive. A
 * command_length below 16 or above PDU_MAX_LENGTH is no PDU: the stream has lost its framing, nothing after it can
 * be read, and the cutter takes no more.
 */
export class PduFrames {
  private held: Buffer = Buffer.alloc(0);
  private broken = false;

  push(chunk: Buffer): Cut {
    const frames: Buffer[] = [];
    if (this.broken) return { frames, bad: null };
    let buf = this.held.length ? Buffer.concat([this.held, chunk]) : chunk;
    while (buf.length >= 4) {
      const length = buf.readUInt32BE(0);
      if (length < PDU_HEADER_LENGTH || length > PDU_MAX_LENGTH) {
        this.broken = true;
        this.held = Buffer.alloc(0);
        return { frames, bad: length };
      }
      if (buf.length < length) break;
      frames.push(buf.subarray(0, length));
      buf = buf.subarray(length);
    }
    // (a copy: what is held must not keep a whole socket read alive)
    this.held = Buffer.from(buf);
    return { frames, bad: null };
  }
}
