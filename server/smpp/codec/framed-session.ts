import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import smpp from 'smpp';
import { PduFrames } from './frames';

/**
 * An `smpp` library session over a socket whose octets are framed here first. The library parses a PDU into fields
 * and decodes short_message into text by its own rules, and its API gives no way to the octets; where they matter
 * (the listener reading a merchant's submit_sm per D1/D15, the connector reading an MO per D18, the test SMSC
 * checking what the connectors sent) `rawPdu(pdu)` gives each PDU as it came off the wire.
 *
 * Why a stream in front rather than anything inside the library: `new smpp.Session({ socket })` is its public
 * constructor and takes any duplex stream. The socket's octets go through PduFrames, which checks each
 * command_length before the library sees it (a bad one closes the connection: the library would wait forever for a
 * body of 0 to 4 octets, or stop reading after one over its bound) and hands the library whole PDUs only. The
 * library reads exactly command_length octets per PDU and emits 'pdu' for each in order, so the frames waiting here
 * and the PDUs it emits pair up one for one.
 */
class FramedStream extends Duplex {
  /** Frames handed to the library and not yet emitted by it as a PDU, oldest first. */
  readonly waiting: Buffer[] = [];

  constructor(
    readonly socket: Socket,
    onBadFrame: (length: number) => void,
  ) {
    super();
    const frames = new PduFrames();
    const onData = (chunk: Buffer) => {
      const cut = frames.push(chunk);
      for (const frame of cut.frames) {
        this.waiting.push(frame);
        if (!this.push(frame)) socket.pause();
      }
      if (cut.bad === null) return;
      socket.off('data', onData);
      onBadFrame(cut.bad);
      // after the library has read the whole PDUs before it (it reads on the next tick)
      setImmediate(() => socket.destroy());
    };
    socket.on('data', onData);
    socket.on('end', () => this.push(null));
    socket.on('error', (e) => this.destroy(e));
    socket.on('close', () => this.destroy());
  }

  override _read(): void {
    this.socket.resume();
  }

  /** Straight through, at once: a cork of the socket holds a batch of PDUs for one write. */
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (e?: Error | null) => void): void {
    this.socket.write(chunk);
    done();
  }

  override _final(done: () => void): void {
    this.socket.end();
    done();
  }

  override _destroy(e: Error | null, done: (e: Error | null) => void): void {
    this.socket.destroy();
    done(e);
  }
}

const RAW = new WeakMap<object, Buffer>();

/**
 * A library session on `socket` (connected or accepted), keeping each PDU's octets for rawPdu. `onBadFrame` is told
 * of a command_length out of bounds before the connection closes. Use `socket` itself for its addresses and cork.
 */
export function framedSession(socket: Socket, onBadFrame: (length: number) => void = () => {}): smpp.Session {
  const stream = new FramedStream(socket, onBadFrame);
  const session = new smpp.Session({ socket: stream });
  // Before any other listener of 'pdu' sees it.
  session.prependListener('pdu', (pdu: smpp.Pdu) => {
    const octets = stream.waiting.shift();
    if (octets) RAW.set(pdu, octets);
  });
  return session;
}

/** The PDU's octets as read, or null when it came from a session that is not framed here. */
export function rawPdu(pdu: unknown): Buffer | null {
  return (typeof pdu === 'object' && pdu !== null && RAW.get(pdu)) || null;
}
