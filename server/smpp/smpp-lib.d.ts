/** The parts of the `smpp` package (0.5.1, untyped JavaScript) that this code uses. */
declare module 'smpp' {
  import type { EventEmitter } from 'node:events';
  import type { Server as NetServer } from 'node:net';
  import type { Duplex } from 'node:stream';

  // CommonJS whose exports Node's ESM loader cannot list (assigned in loops): import the default.
  namespace smpp {

  export type Pdu = {
    command: string;
    command_id: number;
    command_status: number;
    sequence_number: number;
    isResponse(): boolean;
    response(options?: Record<string, unknown>): Pdu;
    [field: string]: unknown;
  };
  export type PduCallback = (pdu: Pdu) => void;

  export class Session extends EventEmitter {
    /** The stream it was given (server/smpp/codec/framed-session.ts). */
    constructor(options: { socket: Duplex });
    socket: Duplex;
    send(pdu: Pdu, responseCallback?: PduCallback, sendCallback?: PduCallback): boolean;
    close(callback?: () => void): void;
    destroy(callback?: () => void): void;
    pause(): void;
    resume(): void;
    bind_transceiver(options: Record<string, unknown>, cb?: PduCallback): boolean;
    bind_transmitter(options: Record<string, unknown>, cb?: PduCallback): boolean;
    bind_receiver(options: Record<string, unknown>, cb?: PduCallback): boolean;
    submit_sm(options: Record<string, unknown>, cb?: PduCallback): boolean;
    deliver_sm(options: Record<string, unknown>, cb?: PduCallback): boolean;
    enquire_link(options?: Record<string, unknown> | PduCallback, cb?: PduCallback): boolean;
    unbind(options?: Record<string, unknown> | PduCallback, cb?: PduCallback): boolean;
    query_sm(options: Record<string, unknown>, cb?: PduCallback): boolean;
    cancel_sm(options: Record<string, unknown>, cb?: PduCallback): boolean;
  }
  export class Server extends NetServer {
    sessions: Session[];
  }
  export class PDU {
    constructor(command: string | Buffer, options?: Record<string, unknown>);
    static fromStream(stream: unknown, length: number): Pdu | false;
    [field: string]: unknown;
  }
  export function connect(options: Record<string, unknown>, listener?: () => void): Session;
  export function createServer(options: Record<string, unknown>, listener?: (session: Session) => void): Server;
  export const errors: Record<string, number>;
  }
  export = smpp;
}
