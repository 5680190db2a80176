import { connect, createServer, type AddressInfo } from 'node:net';
import smpp from 'smpp';
import { afterEach, describe, expect, it } from 'vitest';
import { framedSession, rawPdu } from './framed-session';
import { parseSubmitSm } from './read-pdu';

/**
 * framedSession with the library's own session reading a real socket: each PDU's octets, however the bytes
 * arrive (all at once, one at a time, split anywhere), the fields the library decodes by its own rules still read
 * as they were sent, and a command_length out of bounds closing the connection.
 */
type Received = { pdu: smpp.Pdu; raw: Buffer | null };
const closers: Array<() => void> = [];
afterEach(() => closers.splice(0).forEach((close) => close()));

async function serve(framed: boolean, badFrames: number[] = []) {
  const received: Received[] = [];
  const server = createServer((socket) => {
    const session = framed ? framedSession(socket, (length) => badFrames.push(length)) : new smpp.Session({ socket });
    session.on('pdu', (pdu: smpp.Pdu) => received.push({ pdu, raw: rawPdu(pdu) }));
    session.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await new Promise((resolve) => client.once('connect', resolve));
  closers.push(() => {
    client.destroy();
    server.close();
  });
  const arrived = async (n: number) => {
    for (let i = 0; i < 500 && received.length < n; i++) await new Promise((r) => setTimeout(r, 5));
    expect(received).toHaveLength(n);
  };
  const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
  return { client, received, arrived, closed };
}

/** A submit_sm whose short_message the library would decode (UDH, GSM default alphabet), and an unknown TLV. */
function submit(seq: number, message: Buffer): Buffer {
  const pdu = new smpp.PDU('submit_sm', {
    sequence_number: seq,
    source_addr: 'ACME',
    destination_addr: '243812345678',
    esm_class: 0x40,
    data_coding: 0,
    short_message: message,
  }) as unknown as { toBuffer(): Buffer };
  const body = pdu.toBuffer();
  const tlv = Buffer.from([0x14, 0x00, 0x00, 0x03, 0xde, 0xad, 0x00]);
  const out = Buffer.concat([body, tlv]);
  out.writeUInt32BE(out.length, 0);
  return out;
}

const pdus = [
  submit(1, Buffer.from([0x05, 0x00, 0x03, 0x2a, 0x02, 0x01, 0x1b, 0x65, 0x80, 0xff, 0x00, 0x41])),
  new (smpp.PDU as unknown as new (c: string, o: object) => { toBuffer(): Buffer })('enquire_link', { sequence_number: 2 }).toBuffer(),
  submit(3, Buffer.alloc(140, 0xa5)),
];
const stream = Buffer.concat(pdus);

describe('framedSession', () => {
  it('gives each PDU its octets when they arrive in one write', async () => {
    const { client, received, arrived } = await serve(true);
    client.write(stream);
    await arrived(3);
    expect(received.map((r) => r.raw)).toEqual(pdus);
    expect(received.map((r) => r.pdu.command)).toEqual(['submit_sm', 'enquire_link', 'submit_sm']);
  });

  it('gives each PDU its octets when they arrive one at a time, or split across PDUs', async () => {
    for (const size of [1, 7, 16, 33]) {
      const { client, received, arrived } = await serve(true);
      for (let o = 0; o < stream.length; o += size) {
        client.write(stream.subarray(o, o + size));
        await new Promise((r) => setImmediate(r));
      }
      await arrived(3);
      expect([size, received.map((r) => r.raw)]).toEqual([size, pdus]);
    }
  });

  it('keeps the octets the library decodes by its own rules: short_message and an unknown TLV as sent', async () => {
    const { client, received, arrived } = await serve(true);
    client.write(pdus[0]);
    await arrived(1);
    const fields = parseSubmitSm(received[0].raw!);
    expect(fields?.short_message).toEqual(Buffer.from([0x05, 0x00, 0x03, 0x2a, 0x02, 0x01, 0x1b, 0x65, 0x80, 0xff, 0x00, 0x41]));
    expect(fields?.tlvs.get(0x1400)).toEqual(Buffer.from([0xde, 0xad, 0x00]));
    expect(Buffer.isBuffer(received[0].pdu.short_message)).toBe(false); // the library's own reading: decoded
  });

  it('a session that is not framed: rawPdu is null', async () => {
    const { client, received, arrived } = await serve(false);
    client.write(stream);
    await arrived(3);
    expect(received.map((r) => r.raw)).toEqual([null, null, null]);
  });

  it('closes the connection at a command_length below 16 or above 16 KB, after the whole PDUs before it', async () => {
    for (const length of [0, 4, 15, 16_385, 0xffffffff]) {
      const badFrames: number[] = [];
      const { client, received, arrived, closed } = await serve(true, badFrames);
      const bad = Buffer.alloc(16);
      bad.writeUInt32BE(length, 0);
      client.write(Buffer.concat([pdus[1], bad]));
      await arrived(1);
      await closed;
      expect([length, badFrames, received[0].raw]).toEqual([length, [length], pdus[1]]);
    }
  });
});
