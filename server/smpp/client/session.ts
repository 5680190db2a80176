import { connect as connectTcp, type Socket } from 'node:net';
import { connect as connectTls, rootCertificates } from 'node:tls';
import type smpp from 'smpp';
import { logger } from '@/server/lib/logger';
import { framedSession } from '../codec/framed-session';
import { AwaitedSubmits, type SubmitResult } from './awaited-submits';

/** Where a session stands, as the connector's lease row publishes it (connector_leases.sessions). */
export type SessionState = { state: 'connecting' | 'bound' | 'down' | 'backoff'; since: string; error?: string };

export type SessionConfig = {
  host: string;
  port: number;
  tls: boolean;
  systemId: string;
  password: string;
  systemType: string;
  role: 'transceiver' | 'transmitter' | 'receiver';
  enquireLinkS: number;
  /** How long a submit_sm waits for its response before it counts as a retryable timeout. */
  respTimeoutMs: number;
  /** PEM of extra certificate authorities trusted with TLS on (beside the system's); the certificate is always verified. */
  tlsCa?: string;
};

const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 60_000;

/**
 * One SMPP bind to an SMSC (the `smpp` package underneath): binds, answers and sends enquire_link,
 * reconnects with backoff (1 s doubling to 60 s, reset by a successful bind), and unbinds on close.
 * An unanswered submit_sm resolves `dropped` when the connection goes, `timeout` after respTimeoutMs.
 */
export class SmppSession {
  state: SessionState = { state: 'connecting', since: new Date().toISOString() };
  private lib: smpp.Session | null = null;
  /** The connection under `lib` (its cork, its Nagle setting). */
  private socket: Socket | null = null;
  /** The sequence number of the last request sent (SMPP 3.4: 1 to 0x7FFFFFFF, then 1 again). */
  private sequence = 0;
  private readonly awaited: AwaitedSubmits;
  private backoffMs = BACKOFF_MIN_MS;
  private timers = new Set<NodeJS.Timeout>();
  private enquire: NodeJS.Timeout | null = null;
  private stopped = false;
  private respondCorked = false;

  constructor(
    private readonly cfg: SessionConfig,
    private readonly hooks: {
      /** A deliver_sm or data_sm (a receipt or an MO): resolves with the status to answer once it is stored. */
      onDeliverSm: (pdu: smpp.Pdu) => Promise<number>;
      onChange: () => void;
    },
  ) {
    this.awaited = new AwaitedSubmits(cfg.respTimeoutMs);
  }

  get bound(): boolean {
    return this.state.state === 'bound';
  }

  start(): void {
    this.connect();
  }

  private setState(state: SessionState['state'], error?: string) {
    this.state = { state, since: new Date().toISOString(), ...(error ? { error } : {}) };
    this.hooks.onChange();
  }

  private later(ms: number, fn: () => void) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  private connect(): void {
    if (this.stopped) return;
    this.setState('connecting');
    const extraCa = this.cfg.tlsCa ? { ca: [...rootCertificates, this.cfg.tlsCa] } : {};
    const socket = this.cfg.tls ? connectTls({ host: this.cfg.host, port: this.cfg.port, ...extraCa }) : connectTcp({ host: this.cfg.host, port: this.cfg.port });
    let lastError: string | undefined;
    // An MO is read from its octets (D18). A frame that is no PDU (over the 16 KB bound, say) leaves nothing after it
    // readable: the connection goes, unanswered, and binds again after the backoff.
    const s = framedSession(socket, (length) => (lastError = `command_length ${length} out of bounds: connection closed`));
    this.sequence = 0;
    this.lib = s;
    this.socket = socket;
    s.on('error', (e: Error) => {
      lastError = e.message;
      s.destroy();
    });
    s.on('close', () => {
      if (this.lib !== s) return;
      this.lib = null;
      this.socket = null;
      this.awaited.dropAll();
      if (this.enquire) clearInterval(this.enquire);
      this.enquire = null;
      if (this.stopped) return this.setState('down');
      this.setState('backoff', lastError ?? 'connection closed');
      const wait = this.backoffMs;
      this.backoffMs = Math.min(this.backoffMs * 2, BACKOFF_MAX_MS);
      this.later(wait, () => this.connect());
    });
    socket.on(this.cfg.tls ? 'secureConnect' : 'connect', () => {
      socket.setNoDelay(true); // a batch of submit_sm or answers leaves at once, not after the SMSC's delayed ACK
      const bind = { transceiver: 'bind_transceiver', transmitter: 'bind_transmitter', receiver: 'bind_receiver' }[this.cfg.role] as
        'bind_transceiver' | 'bind_transmitter' | 'bind_receiver';
      const fields = { system_id: this.cfg.systemId, password: this.cfg.password, system_type: this.cfg.systemType, interface_version: 0x34 };
      s[bind]({ ...fields, sequence_number: this.nextSequence() }, (pdu) => {
        if (pdu.command_status !== 0) {
          lastError = `bind refused (status 0x${pdu.command_status.toString(16)})`;
          s.destroy();
          return;
        }
        this.backoffMs = BACKOFF_MIN_MS;
        this.setState('bound');
        this.enquire = setInterval(() => this.lib === s && s.enquire_link({ sequence_number: this.nextSequence() }, () => {}), this.cfg.enquireLinkS * 1000);
      });
    });
    // Every submit_sm's answer, looked up by its sequence number (one handler, not a callback per submit_sm; one
    // answered after its timeout has no entry any more and is ignored)
    s.on('submit_sm_resp', (resp: smpp.Pdu) => {
      if (this.lib !== s) return;
      this.awaited.settle(resp.sequence_number, { status: resp.command_status, messageId: typeof resp.message_id === 'string' ? resp.message_id : null });
    });
    s.on('enquire_link', (pdu: smpp.Pdu) => s.send(pdu.response()));
    s.on('unbind', (pdu: smpp.Pdu) => {
      s.send(pdu.response());
      s.close();
    });
    const delivered = (pdu: smpp.Pdu) => {
      // D14, D18: a receipt or an MO is stored before its response; a failure to store leaves it unanswered (the
      // SMSC sends it again).
      this.hooks.onDeliverSm(pdu).then(
        (status) => this.lib === s && this.respond(s, pdu, status),
        (e: unknown) => logger.warn(`${pdu.command} not stored; left unanswered`, { error: e }),
      );
    };
    s.on('deliver_sm', delivered);
    s.on('data_sm', delivered);
  }

  /** Answers a PDU; the answers given in the same tick (a stored batch of receipts) leave in one write. */
  private respond(s: smpp.Session, pdu: smpp.Pdu, status = 0): void {
    if (!this.respondCorked) {
      this.respondCorked = true;
      const socket = this.socket;
      socket?.cork();
      process.nextTick(() => {
        this.respondCorked = false;
        socket?.uncork();
      });
    }
    s.send(status ? pdu.response({ command_status: status }) : pdu.response());
  }

  /** Holds writes until uncork(): a batch of submit_sm leaves in one write. */
  cork(): void {
    this.socket?.cork();
  }

  uncork(): void {
    this.socket?.uncork();
  }

  /** Sends one submit_sm; resolves with its response status and message_id, or `dropped`/`timeout`. */
  submit(options: Record<string, unknown>): Promise<SubmitResult> {
    return new Promise((resolve) => this.send(options, resolve));
  }

  /**
   * Sends one submit_sm, its fields or its octets from encodeSubmitSm (the sequence number is written here); `done`
   * is called once, with the response status and message_id, or `dropped` (the connection went) or `timeout`
   * (no answer within respTimeoutMs).
   */
  send(pdu: Record<string, unknown> | Buffer, done: (r: SubmitResult) => void): void {
    const s = this.lib;
    if (!s || !this.bound) return done({ status: 'dropped' });
    if (!s.socket.writable) return done({ status: 'dropped' });
    const sequence = this.nextSequence();
    if (Buffer.isBuffer(pdu)) {
      // the octets of encodeSubmitSm, numbered here
      pdu.writeUInt32BE(sequence, 12);
      s.socket.write(pdu);
    } else s.submit_sm({ ...pdu, sequence_number: sequence });
    this.awaited.add(sequence, done);
  }

  /**
   * Every request this session sends is numbered here, not by the library (its Session.send numbers only a PDU
   * without one): the submit_sm written as octets share the one sequence.
   */
  private nextSequence(): number {
    this.sequence = this.sequence === 0x7fffffff ? 1 : this.sequence + 1;
    return this.sequence;
  }

  /** Unbinds (waits at most 2 s for unbind_resp), then closes; no reconnect after this. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    if (this.enquire) clearInterval(this.enquire);
    const s = this.lib;
    if (!s) return this.setState('down');
    await new Promise<void>((resolve) => {
      // Bounded whatever the socket does: a close callback never fires for a socket that is already closed, and a
      // connection still being set up may take the OS's connect timeout to fail.
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(force);
        resolve();
      };
      const force = setTimeout(() => {
        s.destroy();
        finish();
      }, 2000);
      const closeNow = () => {
        if (s.socket.destroyed) return finish();
        s.close(finish);
      };
      if (!this.bound || !s.unbind({ sequence_number: this.nextSequence() }, () => closeNow())) closeNow();
    });
    this.lib = null;
    this.socket = null;
    this.awaited.dropAll();
    this.setState('down');
  }

  /** Drops the connection at once (lost lease): unanswered submits resolve `dropped`. */
  destroy(): void {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    if (this.enquire) clearInterval(this.enquire);
    this.lib?.destroy();
    this.lib = null;
    this.socket = null;
    this.awaited.dropAll();
    this.state = { state: 'down', since: new Date().toISOString() };
  }
}
