import smpp from 'smpp';
import { describe, expect, it } from 'vitest';
import { PduFrames, PDU_MAX_LENGTH } from './frames';

const pdu = (command: string, fields: Record<string, unknown>) =>
  (new smpp.PDU(command, { sequence_number: 1, ...fields }) as unknown as { toBuffer(): Buffer }).toBuffer();
const pdus = [pdu('enquire_link', {}), pdu('submit_sm', { destination_addr: '243812345678', short_message: Buffer.alloc(140, 0x41) }), pdu('unbind', {})];
const stream = Buffer.concat(pdus);

describe('PduFrames', () => {
  it('cuts the library\'s PDUs out of the stream however it is split', () => {
    for (const size of [1, 3, 4, 5, 16, 17, 100, stream.length]) {
      const frames = new PduFrames();
      const got: Buffer[] = [];
      for (let o = 0; o < stream.length; o += size) {
        const cut = frames.push(stream.subarray(o, o + size));
        expect(cut.bad).toBeNull();
        got.push(...cut.frames);
      }
      expect([size, got]).toEqual([size, pdus]);
    }
  });

  it('a command_length below 16 or above the bound ends the stream, after the whole PDUs before it', () => {
    for (const length of [0, 15, PDU_MAX_LENGTH + 1]) {
      const bad = Buffer.alloc(4);
      bad.writeUInt32BE(length, 0);
      const frames = new PduFrames();
      expect(frames.push(Buffer.concat([pdus[0], bad, pdus[2]]))).toEqual({ frames: [pdus[0]], bad: length });
      expect(frames.push(pdus[2])).toEqual({ frames: [], bad: null });
    }
    const largest = Buffer.alloc(PDU_MAX_LENGTH);
    largest.writeUInt32BE(PDU_MAX_LENGTH, 0);
    expect(new PduFrames().push(largest)).toEqual({ frames: [largest], bad: null });
  });
});
