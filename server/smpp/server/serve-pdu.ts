import type smpp from 'smpp';
import { logger } from '@/server/lib/logger';
import { rawPdu } from '../codec/framed-session';
import { parseSubmitMulti, parseSubmitSm, TLV } from '../codec/read-pdu';
import { answerPdu, dispositionOf, nackPdu } from './commands';
import type { BindMode, ServerPort } from './port';
import type { Taker } from './push-loop';

/** SMPP 3.4 command_status values the listener answers with itself; binds and submits are answered as the port says. */
const STATUS = { INVMSGLEN: 0x01, INVCMDID: 0x03, INVBNDSTS: 0x04, ALYBND: 0x05, SYSERR: 0x08, CANCELFAIL: 0x11, THROTTLED: 0x58, QUERYFAIL: 0x67 } as const;
const BIND_MODES: Record<string, BindMode> = { bind_transmitter: 'transmitter', bind_receiver: 'receiver', bind_transceiver: 'transceiver' };
/** Commands of SMPP 3.4 the listener does not offer (answered with their _resp and ESME_RINVCMDID). */
const UNSUPPORTED = new Set(['replace_sm', 'data_sm', 'broadcast_sm', 'query_broadcast_sm', 'cancel_broadcast_sm']);

export type Bound<App> = { mode: BindMode; app: App; tps: number; bindId: number };
export type SessionState<App> = {
  bound: Bound<App> | null;
  /** The client's address (bind throttling), without the port. */
  address: string | null;
  binding: boolean;
  inflight: number;
  openedAt: number;
  lastPduAt: number;
  remote: string;
  /** This session as a taker of deliver_sm (receipts, MO), with those not yet answered. */
  taker: Taker;
};

/**
 * Sends `pdu` on the session, or closes the session when the PDU cannot be encoded or written: nothing one session
 * sends can throw out of the listener.
 */
function sendOrClose(session: smpp.Session, pdu: smpp.Pdu | null): void {
  if (!session.socket.writable) return;
  try {
    if (pdu) return void session.send(pdu);
  } catch (e) {
    logger.warn('smpp answer could not be sent: session closed', { command: pdu?.command, error: e });
  }
  session.destroy();
}

/** Answers `pdu` with its `_resp` (or generic_nack where SMPP has none) carrying `options`. */
export function answer(session: smpp.Session, pdu: smpp.Pdu, options: Record<string, unknown> = {}): void {
  sendOrClose(session, answerPdu(pdu, options));
}

export type PduContext<App extends { appId: string }> = {
  backend: ServerPort<App>;
  /** submit_sm being processed at once per session; beyond it the ESME gets 0x58 (ESME_RTHROTTLED). */
  maxInflight: number;
  /** A receiver or transceiver bound: what was queued while none was goes out now. */
  receiverBound(): void;
  /** For the protocol_errors metric: a generic_nack sent. */
  nacked(): void;
};

/** What the listener does with one PDU of a session: every request answered, binds and submits through the port. */
export function servePdu<App extends { appId: string }>(ctx: PduContext<App>) {
  const { backend } = ctx;

  async function bind(session: smpp.Session, st: SessionState<App>, pdu: smpp.Pdu, mode: BindMode): Promise<void> {
    if (st.bound || st.binding) return answer(session, pdu, { command_status: STATUS.ALYBND });
    st.binding = true;
    try {
      const systemId = typeof pdu.system_id === 'string' ? pdu.system_id : '';
      const password = typeof pdu.password === 'string' ? pdu.password : '';
      const bound = await backend.bind({ systemId, password, mode, address: st.address, remote: st.remote });
      if (!('bindId' in bound)) {
        answer(session, pdu, { command_status: bound.status });
        return void session.close();
      }
      if (session.socket.destroyed) return void (await backend.unbind(bound.bindId));
      st.bound = { mode, app: bound.app, tps: bound.tps, bindId: bound.bindId };
      logger.info('smpp session bound', { app_id: bound.app.appId, mode, remote: st.remote });
      answer(session, pdu, { system_id: 'SMSGW' });
      if (mode !== 'transmitter') ctx.receiverBound();
    } finally {
      st.binding = false;
    }
  }

  /** submit_sm and submit_multi: the same checks, throughput and send path (D15). */
  async function submit(session: smpp.Session, st: SessionState<App>, b: Bound<App>, pdu: smpp.Pdu): Promise<void> {
    const reply = (options: Record<string, unknown>) => answer(session, pdu, options);
    if (b.mode === 'receiver') return reply({ command_status: STATUS.INVBNDSTS });
    if (st.inflight >= ctx.maxInflight) return reply({ command_status: STATUS.THROTTLED });
    const raw = rawPdu(pdu);
    const fields = raw ? (pdu.command === 'submit_multi' ? parseSubmitMulti(raw) : parseSubmitSm(raw)) : null;
    if (!fields) return reply({ command_status: STATUS.INVMSGLEN });
    st.inflight++;
    try {
      if (!(await backend.takeTps(b.app, b.tps))) return reply({ command_status: STATUS.THROTTLED });
      const payload = fields.tlvs.get(TLV.message_payload);
      const common = {
        source_addr: fields.source_addr, esm_class: fields.esm_class, data_coding: fields.data_coding,
        registered_delivery: fields.registered_delivery, short_message: fields.short_message, ...(payload ? { message_payload: payload } : {}),
      };
      const to = 'destinations' in fields ? { destinations: fields.destinations } : { destination_addr: fields.destination_addr };
      const outcome = await backend.submit(b.app, { ...common, ...to }, new Date());
      if ('messageId' in outcome) return reply({ message_id: outcome.messageId, ...(outcome.unsuccess ? { unsuccess_sme: outcome.unsuccess } : {}) });
      logger.info(`smpp ${pdu.command} refused`, { app_id: b.app.appId, status: outcome.status, reason: outcome.reason });
      reply({ command_status: outcome.status });
    } finally {
      st.inflight--;
    }
  }

  return async function handle(session: smpp.Session, st: SessionState<App>, pdu: smpp.Pdu): Promise<void> {
    const what = dispositionOf(pdu);
    if (what.kind === 'ignore') return; // answers to PDUs the listener sent (the library matches them)
    if (what.kind === 'nack') {
      ctx.nacked();
      return sendOrClose(session, nackPdu(pdu));
    }
    const command = what.command;
    if (command in BIND_MODES) return bind(session, st, pdu, BIND_MODES[command]);
    if (command === 'enquire_link') return answer(session, pdu);
    if (command === 'unbind') {
      answer(session, pdu);
      return void session.close();
    }
    if (!st.bound) return answer(session, pdu, { command_status: STATUS.INVBNDSTS });
    if (command === 'submit_sm' || command === 'submit_multi') return submit(session, st, st.bound, pdu);
    if (command === 'query_sm') {
      const q = await backend.query(st.bound.app, typeof pdu.message_id === 'string' ? pdu.message_id : '');
      if (!q) return answer(session, pdu, { command_status: STATUS.QUERYFAIL });
      return answer(session, pdu, { message_id: q.messageId, final_date: q.finalDate, message_state: q.messageState, error_code: q.errorCode });
    }
    // A submit_sm is sent at once (D15: immediate): by the time an ESME can ask, nothing is left to cancel.
    if (command === 'cancel_sm') return answer(session, pdu, { command_status: STATUS.CANCELFAIL });
    if (UNSUPPORTED.has(command)) return answer(session, pdu, { command_status: STATUS.INVCMDID });
    // deliver_sm and anything else an ESME has no business sending to an SMSC
    answer(session, pdu, { command_status: STATUS.INVCMDID });
  };
}
