import { createServer, type AddressInfo, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import smpp from 'smpp';
import { framedSession, rawPdu } from '@/server/smpp/codec/framed-session';
import { parseSubmitSm } from '@/server/smpp/codec/read-pdu';

/**
 * An SMSC for tests, on the same `smpp` library as the connector (a test helper, not shipped): binds (checks
 * system_id/password), answers submit_sm as `policy` says (a status, or never), sends receipts, drops connections.
 * Every submit_sm is recorded with its exact octets, parsed here from the raw PDU.
 */
export type Submit = {
  at: number;
  sequence: number;
  session: smpp.Session;
  messageId: string | null;
  status: number | 'ignored';
  source_addr: string;
  source_addr_ton: number;
  source_addr_npi: number;
  destination_addr: string;
  dest_addr_ton: number;
  dest_addr_npi: number;
  esm_class: number;
  registered_delivery: number;
  validity_period: string;
  data_coding: number;
  short_message: Buffer;
  tlvs: Map<number, Buffer>;
};
export type Policy = (s: Omit<Submit, 'messageId' | 'status' | 'at'>, index: number) => number | 'ignore';

/**
 * `messageIds`: the id given in submit_sm_resp for the n-th accepted submit (default m000001, m000002, ...).
 * `autoReceipt`: a DELIVRD receipt for every accepted submit, written with `id(messageId)`, sent right after the
 * submit_sm_resp (in the same write) or, with `before`, just before it.
 */
export async function startSmsc(
  opts: {
    systemId?: string; password?: string; policy?: Policy; messageIds?: (n: number) => string; tls?: { key: string; cert: string };
    autoReceipt?: { id: (messageId: string) => string; before?: boolean };
    /**
     * Nagle's algorithm off on each session, and what one read of the client's PDUs makes the SMSC write (answers,
     * receipts) corked into one write. Off by default (the `smpp` library's sockets keep Nagle's algorithm): then a
     * receipt written after its answer waits for the client's ACK of the answer, which a client that sends nothing
     * meanwhile delays by up to 40 ms (docs/performance.md, the bench's `--smsc-nodelay`).
     */
    noDelay?: boolean;
  } = {},
) {
  const submits: Submit[] = [];
  const binds: string[] = [];
  const roles = new Map<smpp.Session, string>();
  const counts = { enquireLinks: 0, unbinds: 0 };
  let policy: Policy = opts.policy ?? (() => 0);
  let nextId = 1;
  const sessions: smpp.Session[] = [];
  const serve = (socket: Socket) => {
    const session = framedSession(socket); // what the connectors sent, octet for octet
    sessions.push(session);
    socket.on('close', () => sessions.splice(sessions.indexOf(session), 1));
    if (opts.noDelay) socket.setNoDelay(true);
    let corked = false;
    const corkForThisRead = () => {
      if (!opts.noDelay || corked) return;
      corked = true;
      socket.cork();
      process.nextTick(() => {
        corked = false;
        socket.uncork();
      });
    };
    session.on('error', () => {});
    const bind = (pdu: smpp.Pdu) => {
      const ok = (!opts.systemId || pdu.system_id === opts.systemId) && (!opts.password || pdu.password === opts.password);
      binds.push(`${pdu.command}:${ok ? 'ok' : 'refused'}`);
      roles.set(session, pdu.command);
      session.send(pdu.response({ command_status: ok ? 0 : 0x0d, system_id: 'test-smsc' }));
      if (!ok) session.close();
    };
    session.on('bind_transceiver', bind);
    session.on('bind_transmitter', bind);
    session.on('bind_receiver', bind);
    session.on('enquire_link', (pdu: smpp.Pdu) => {
      counts.enquireLinks++;
      session.send(pdu.response());
    });
    session.on('unbind', (pdu: smpp.Pdu) => {
      counts.unbinds++;
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: smpp.Pdu) => {
      corkForThisRead();
      const fields = { sequence: pdu.sequence_number, session, ...parseSubmitSm(rawPdu(pdu)!)! };
      const decision = policy(fields, submits.length);
      if (decision === 'ignore') {
        submits.push({ ...fields, at: Date.now(), messageId: null, status: 'ignored' });
        return;
      }
      const messageId = decision === 0 ? (opts.messageIds ?? ((n: number) => `m${String(n).padStart(6, '0')}`))(nextId++) : null;
      submits.push({ ...fields, at: Date.now(), messageId, status: decision });
      const receipt = () => {
        const id = opts.autoReceipt!.id(messageId!);
        const text = `id:${id} sub:001 dlvrd:001 submit date:2611231200 done date:2611231201 stat:DELIVRD err:000 text:`;
        session.deliver_sm({ esm_class: 0x04, data_coding: 0, short_message: Buffer.from(text, 'latin1') });
      };
      if (messageId && opts.autoReceipt?.before) receipt();
      session.send(pdu.response(decision === 0 ? { message_id: messageId } : { command_status: decision }));
      if (messageId && opts.autoReceipt && !opts.autoReceipt.before) receipt();
    });
  };
  const server = opts.tls ? createTlsServer(opts.tls, serve) : createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    submits,
    binds,
    counts,
    setPolicy(p: Policy) {
      policy = p;
    },
    /**
     * Stops reading PDUs on the open sessions until release(): submit_sm then wait unread in the socket,
     * unanswered, and the sessions stay bound (a ready backlog for a drain, without any failover).
     */
    hold() {
      for (const s of sessions) s.pause();
    },
    release() {
      for (const s of sessions) s.resume();
    },
    /** Bound sessions that can receive deliver_sm (transceiver or receiver). */
    get sessions() {
      return sessions;
    },
    /** A delivery receipt (Appendix B text) for a message id, on the first open session. */
    receipt(messageId: string, stat: string, err = '000', opts: { tlv?: boolean; session?: smpp.Session } = {}): Promise<number> {
      const session = opts.session ?? sessions.filter((x) => roles.get(x) !== 'bind_transmitter').at(-1);
      if (!session) throw new Error('no session to send the receipt on');
      const text = `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:2611231200 done date:2611231201 stat:${stat} err:${err} text:`;
      const states: Record<string, number> = { DELIVRD: 2, EXPIRED: 3, DELETED: 4, UNDELIV: 5, ACCEPTD: 6, UNKNOWN: 7, REJECTD: 8 };
      return new Promise((resolve) => {
        session.deliver_sm(
          {
            esm_class: 0x04, data_coding: 0, short_message: Buffer.from(text, 'latin1'),
            ...(opts.tlv ? { receipted_message_id: messageId, message_state: states[stat] } : {}),
          },
          (resp) => resolve(resp.command_status),
        );
      });
    },
    /** A mobile-originated message (deliver_sm, esm_class 0: not a receipt) on the first open session; resolves with deliver_sm_resp's status. */
    mo(from: string, to: string, text: string): Promise<number> {
      const session = sessions.filter((x) => roles.get(x) !== 'bind_transmitter').at(-1);
      if (!session) throw new Error('no session to send the MO on');
      return new Promise((resolve) => {
        session.deliver_sm(
          { esm_class: 0, source_addr_ton: 1, source_addr_npi: 1, source_addr: from, dest_addr_ton: 5, dest_addr_npi: 0, destination_addr: to, data_coding: 0, short_message: Buffer.from(text, 'latin1') },
          (resp) => resolve(resp.command_status),
        );
      });
    },
    /**
     * Any deliver_sm or data_sm (an MO: esm_class 0, UDH, SAR, message_payload...) on the last receiver or transceiver
     * session; resolves with the response's command_status (a PDU left unanswered never resolves).
     */
    deliver(fields: Record<string, unknown>, opts: { command?: 'deliver_sm' | 'data_sm'; session?: smpp.Session } = {}): Promise<number> {
      const session = opts.session ?? sessions.filter((x) => roles.get(x) !== 'bind_transmitter').at(-1);
      if (!session) throw new Error('no session to deliver on');
      const command = opts.command ?? 'deliver_sm';
      const base = { source_addr_ton: 1, source_addr_npi: 1, dest_addr_ton: 0, dest_addr_npi: 1, data_coding: 0 };
      return new Promise((resolve) => {
        const pdu = new (smpp.PDU as unknown as new (c: string, o: Record<string, unknown>) => smpp.Pdu)(command, { ...base, ...fields });
        session.send(pdu, (resp) => resolve(resp.command_status));
      });
    },
    /**
     * A backlog of `count` MO (deliver_sm, esm_class 0) on the last receiver or transceiver session, at most `window`
     * unanswered, as an SMSC pushes what it holds; `fields(i)` gives the i-th one's addresses and octets. Resolves
     * with when the first was sent and the last answered, and how many answers were not 0; rejects if the session
     * closes first.
     */
    moBurst(count: number, fields: (i: number) => Record<string, unknown>, window = 50): Promise<{ firstAt: number; lastAt: number; refused: number }> {
      const session = sessions.filter((x) => roles.get(x) !== 'bind_transmitter').at(-1);
      if (!session) throw new Error('no session to send the MO on');
      const base = { esm_class: 0, source_addr_ton: 1, source_addr_npi: 1, dest_addr_ton: 0, dest_addr_npi: 1, data_coding: 0 };
      let next = 0;
      let refused = 0;
      const firstAt = Date.now();
      let lastAt = firstAt;
      const closed = new Promise<never>((_, reject) => session.once('close', () => reject(new Error(`the session closed after ${next} MO`))));
      const lanes = Array.from({ length: Math.min(window, count) }, async () => {
        while (next < count) {
          const i = next++;
          const status = await new Promise<number>((resolve) => session.deliver_sm({ ...base, ...fields(i) }, (resp) => resolve(resp.command_status)));
          if (status !== 0) refused++;
          lastAt = Date.now();
        }
      });
      return Promise.race([Promise.all(lanes), closed]).then(() => ({ firstAt, lastAt, refused }));
    },
    /** Octets written as they are on the last receiver or transceiver session (a PDU the library would not build). */
    writeRaw(octets: Buffer): void {
      const session = sessions.filter((x) => roles.get(x) !== 'bind_transmitter').at(-1);
      if (!session) throw new Error('no session to write on');
      session.socket.write(octets);
    },
    /** The bind command each open session used. */
    roleOf(session: smpp.Session): string | undefined {
      return roles.get(session);
    },
    /** Closes every connection abruptly (no unbind). */
    drop() {
      for (const s of [...sessions]) s.destroy();
    },
    close(): Promise<void> {
      for (const s of [...sessions]) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
export type Smsc = Awaited<ReturnType<typeof startSmsc>>;
