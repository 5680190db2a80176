import { createServer, type AddressInfo, type Socket } from 'node:net';
import type smpp from 'smpp';
import type { Db } from '@/db/client';
import type { KeyEnvironment } from '@/server/domain/keys/api-keys';
import type { AuthedApp } from '@/server/domain/keys/authenticate';
import { forgiveBind, reserveBind } from '@/server/domain/smpp-access/bind-throttle';
import { dropBind, refreshBinds, registerBind, takeSmppTps, type BindMode } from '@/server/domain/smpp-access/binds';
import { authenticateBind, BIND_STATUS, PASSWORD_LENGTH, SYSTEM_ID_MAX } from '@/server/domain/smpp-access/credentials';
import { claimInbound, settleInbound, sweepInbound, type OwedMo } from '@/server/domain/smpp-access/inbound';
import { moDeliverSms } from '@/server/domain/smpp-access/inbound-pdus';
import { claimReceipts, receiptDeliverSm, settleReceipts, sweepReceipts, type OwedReceipt } from '@/server/domain/smpp-access/receipts';
import { querySmppMessage } from '@/server/domain/smpp-access/query';
import { SUBMIT_STATUS, submitMultiOverSmpp, submitOverSmpp, type Unsuccessful } from '@/server/domain/smpp-access/submit';
import { logger } from '@/server/lib/logger';
import { smppConnectionsRefused, smppProtocolErrors } from '@/server/metrics/registry';
import { admitConnections, type AdmissionLimits } from './admission';
import { answerPdu, dispositionOf, nackPdu } from './commands';
import { sendDeliverSm, startPushLoop, type PushQueue, type Taker } from './push-loop';
import { framedSession, rawPdu } from './codec/framed-session';
import { PDU_MAX_LENGTH } from './codec/frames';
import { parseSubmitMulti, parseSubmitSm, TLV } from './codec/read-pdu';

/** SMPP 3.4 command_status values the listener answers with, beside those of the bind and submit domain code. */
const STATUS = { INVMSGLEN: 0x01, INVCMDID: 0x03, INVBNDSTS: 0x04, ALYBND: 0x05, SYSERR: 0x08, CANCELFAIL: 0x11, QUERYFAIL: 0x67 } as const;
/** A session that has not bound this long after it connected is closed. */
const BIND_TIMEOUT_MS = 30_000;
const DEFAULT_LIMITS: AdmissionLimits = { maxConnections: 1000, maxPerAddress: 40 };

export type ListenerOptions = {
  db: Db;
  secret: string;
  environment: KeyEnvironment;
  port: number;
  host?: string;
  /** Names this process in smpp_binds (hostname/pid). */
  listenerId: string;
  /** A session that sends no PDU for this long is dropped (D15: 90 s without enquire_link). */
  idleMs?: number;
  /** A session not bound this long after it connected is dropped (30 s). */
  bindTimeoutMs?: number;
  /** Connections at most, in all and per client address (SMPP_MAX_CONNECTIONS, SMPP_MAX_CONNECTIONS_PER_ADDRESS). */
  limits?: AdmissionLimits;
  /** How often the live sessions' rows in smpp_binds are refreshed. */
  heartbeatMs?: number;
  /** submit_sm being processed at once per session; beyond it the ESME gets 0x58 (ESME_RTHROTTLED). */
  maxInflight?: number;
  /** How often owed receipts and MO are looked for when the last look found none. */
  receiptPollMs?: number;
  /** A deliver_sm (receipt or MO part) without deliver_sm_resp for this long is not handed over (tried again later). */
  receiptRespTimeoutMs?: number;
};

export type SmppListener = { port: number; sessions(): number; close(): Promise<void> };

type Bound = { mode: BindMode; app: AuthedApp; tps: number; bindId: number };
type SessionState = {
  bound: Bound | null;
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

const BIND_MODES: Record<string, BindMode> = { bind_transmitter: 'transmitter', bind_receiver: 'receiver', bind_transceiver: 'transceiver' };
/**
 * How long one MO's parts are pushed in one claim: the parts left are claimed again later (parts_done), well before
 * sweepInbound hands a claim older than 60 s to another listener.
 */
const MO_PUSH_MS = 30_000;
/** Commands of SMPP 3.4 the listener does not offer (answered with their _resp and ESME_RINVCMDID). */
const UNSUPPORTED = new Set(['replace_sm', 'data_sm', 'broadcast_sm', 'query_broadcast_sm', 'cancel_broadcast_sm']);

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
function answer(session: smpp.Session, pdu: smpp.Pdu, options: Record<string, unknown> = {}): void {
  sendOrClose(session, answerPdu(pdu, options));
}

/**
 * The SMPP 3.4 server merchants' ESMEs bind to (D15), on the `smpp` library. Stateless apart from its sessions:
 * credentials, session counts and throughput live in Postgres, so two listeners may run. Every PDU is bounded
 * (codec/framed-session.ts: 16 KB) and a parse failure closes that session only.
 */
export async function startSmppListener(o: ListenerOptions): Promise<SmppListener> {
  const idleMs = o.idleMs ?? 90_000;
  const maxInflight = o.maxInflight ?? 100;
  const bindTimeoutMs = o.bindTimeoutMs ?? BIND_TIMEOUT_MS;
  const states = new Map<smpp.Session, SessionState>();

  const server = createServer((socket: Socket) => {
    if (!admission.admitted(socket)) return;
    const remote = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
    // submits are decoded from their octets (D1); a frame shorter than a PDU header, or longer than the bound, closes the session
    const session = framedSession(socket, (length) => {
      smppProtocolErrors.inc({ kind: 'bad_frame' });
      const why = length < 16 ? 'command_length below 16' : `command_length above ${PDU_MAX_LENGTH}`;
      logger.info(`smpp session closed: ${why}`, { remote, command_length: length });
    });
    socket.setNoDelay(true);
    const now = Date.now();
    const st: SessionState = { bound: null, address: socket.remoteAddress ?? null, binding: false, inflight: 0, openedAt: now, lastPduAt: now, remote, taker: { session, pending: new Set() } };
    states.set(session, st);
    session.on('error', (e: Error) => {
      smppProtocolErrors.inc({ kind: 'bad_frame' });
      logger.info('smpp session closed on a protocol error', { remote: st.remote, error: e.message });
      session.destroy();
    });
    session.on('close', () => {
      states.delete(session);
      for (const fail of [...st.taker.pending]) {
        try {
          fail();
        } catch (e) {
          logger.warn('an smpp push waiting on a closed session failed', { error: e });
        }
      }
      if (st.bound) {
        const { bindId, app } = st.bound;
        st.bound = null;
        logger.info('smpp session ended', { app_id: app.appId, remote: st.remote });
        dropBind(o.db, bindId).catch((e: unknown) => logger.warn('dropping an smpp bind row failed', { error: e }));
      }
    });
    session.on('pdu', (pdu: smpp.Pdu) => {
      st.lastPduAt = Date.now();
      // Whatever handling throws, at once or later, ends in an answer or a closed session, never in the process.
      const failed = (e: unknown) => {
        smppProtocolErrors.inc({ kind: 'handler_error' });
        logger.error('smpp PDU handling failed', { command: pdu.command, remote: st.remote, error: e });
        if (dispositionOf(pdu).kind === 'request') answer(session, pdu, { command_status: STATUS.SYSERR });
        else session.destroy();
      };
      try {
        handle(session, st, pdu).catch((e: unknown) => {
          try {
            failed(e);
          } catch {
            session.destroy();
          }
        });
      } catch (e) {
        failed(e);
      }
    });
  });
  const admission = admitConnections(server, o.limits ?? DEFAULT_LIMITS, (reason, address) => {
    smppConnectionsRefused.inc({ reason });
    logger.warn('smpp connection refused at accept', { reason, address });
  });
  // An accept that fails (no file descriptor left, say) must not end the process: it is logged and the server goes on.
  server.on('error', (e: Error) => logger.error('smpp listener socket error', { error: e.message }));

  async function handle(session: smpp.Session, st: SessionState, pdu: smpp.Pdu): Promise<void> {
    const what = dispositionOf(pdu);
    if (what.kind === 'ignore') return; // answers to PDUs the listener sent (the library matches them)
    if (what.kind === 'nack') {
      smppProtocolErrors.inc({ kind: 'generic_nack' });
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
      const q = await querySmppMessage(o.db, st.bound.app.appId, typeof pdu.message_id === 'string' ? pdu.message_id : '');
      if (!q) return answer(session, pdu, { command_status: STATUS.QUERYFAIL });
      return answer(session, pdu, { message_id: q.messageId, final_date: q.finalDate, message_state: q.messageState, error_code: q.errorCode });
    }
    // A submit_sm is sent at once (D15: immediate): by the time an ESME can ask, nothing is left to cancel.
    if (command === 'cancel_sm') return answer(session, pdu, { command_status: STATUS.CANCELFAIL });
    if (UNSUPPORTED.has(command)) return answer(session, pdu, { command_status: STATUS.INVCMDID });
    // deliver_sm and anything else an ESME has no business sending to an SMSC
    answer(session, pdu, { command_status: STATUS.INVCMDID });
  }

  async function bind(session: smpp.Session, st: SessionState, pdu: smpp.Pdu, mode: BindMode): Promise<void> {
    if (st.bound || st.binding) return answer(session, pdu, { command_status: STATUS.ALYBND });
    st.binding = true;
    try {
      const systemId = typeof pdu.system_id === 'string' ? pdu.system_id : '';
      const password = typeof pdu.password === 'string' ? pdu.password : '';
      const refuse = (status: number, reason: string) => {
        logger.info('smpp bind refused', { system_id: systemId.slice(0, SYSTEM_ID_MAX + 1), remote: st.remote, status, reason });
        answer(session, pdu, { command_status: status });
        session.close();
      };
      // failed binds are throttled like sign-ins, before any password is checked
      const slots = await reserveBind(o.db, systemId, st.address);
      if (!slots) return refuse(BIND_STATUS.BINDFAIL, 'too many failed binds: try again in a minute');
      if (password.length > PASSWORD_LENGTH) return refuse(BIND_STATUS.INVPASWD, 'password longer than 8');
      const auth = await authenticateBind(o.db, o.secret, o.environment, systemId, password);
      if (auth.status !== 0) return refuse(auth.status, auth.reason);
      await forgiveBind(o.db, slots);
      const bindId = await registerBind(o.db, auth.app.appId, mode, o.listenerId, st.remote);
      if (bindId === null) return refuse(BIND_STATUS.BINDFAIL, 'the app already has 4 sessions');
      if (session.socket.destroyed) return void (await dropBind(o.db, bindId));
      st.bound = { mode, app: auth.app, tps: auth.tps, bindId };
      logger.info('smpp session bound', { app_id: auth.app.appId, mode, remote: st.remote });
      answer(session, pdu, { system_id: 'SMSGW' });
      if (mode !== 'transmitter') for (const loop of pushLoops) loop.wake(); // what was queued while no receiver was bound goes out now
    } finally {
      st.binding = false;
    }
  }

  /** submit_sm and submit_multi: the same checks, throughput and send path (D15). */
  async function submit(session: smpp.Session, st: SessionState, b: Bound, pdu: smpp.Pdu): Promise<void> {
    const reply = (options: Record<string, unknown>) => answer(session, pdu, options);
    if (b.mode === 'receiver') return reply({ command_status: STATUS.INVBNDSTS });
    if (st.inflight >= maxInflight) return reply({ command_status: SUBMIT_STATUS.THROTTLED });
    const raw = rawPdu(pdu);
    const fields = raw ? (pdu.command === 'submit_multi' ? parseSubmitMulti(raw) : parseSubmitSm(raw)) : null;
    if (!fields) return reply({ command_status: STATUS.INVMSGLEN });
    st.inflight++;
    try {
      if (!(await takeSmppTps(o.db, b.app.appId, b.tps))) return reply({ command_status: SUBMIT_STATUS.THROTTLED });
      const payload = fields.tlvs.get(TLV.message_payload);
      const common = {
        source_addr: fields.source_addr, esm_class: fields.esm_class, data_coding: fields.data_coding,
        registered_delivery: fields.registered_delivery, short_message: fields.short_message, ...(payload ? { message_payload: payload } : {}),
      };
      const outcome =
        'destinations' in fields
          ? await submitMultiOverSmpp(o.db, b.app, { ...common, destinations: fields.destinations }, new Date())
          : await submitOverSmpp(o.db, b.app, { ...common, destination_addr: fields.destination_addr }, new Date());
      if ('messageId' in outcome) {
        const unsuccess = 'unsuccess' in outcome ? (outcome.unsuccess as Unsuccessful[]) : null;
        // D19: a submit_multi destination on the opt-out list is listed unsuccessful (0x45); the reason is for the operator
        const optedOut = unsuccess?.filter((u) => u.error_status_code === SUBMIT_STATUS.SUBMITFAIL).length ?? 0;
        if (optedOut) logger.info('smpp submit_multi destinations refused', { app_id: b.app.appId, status: SUBMIT_STATUS.SUBMITFAIL, reason: 'opted out', destinations: optedOut });
        return reply({ message_id: outcome.messageId, ...(unsuccess ? { unsuccess_sme: unsuccess } : {}) });
      }
      logger.info(`smpp ${pdu.command} refused`, { app_id: b.app.appId, status: outcome.status, reason: outcome.reason });
      reply({ command_status: outcome.status });
    } finally {
      st.inflight--;
    }
  }

  // D15 receipts and D18 MO go out as deliver_sm on a receiver or transceiver session of the app; one counts as handed
  // over only once deliver_sm_resp says 0. One batch at a time per queue and listener.
  const takers = () => {
    const byApp = new Map<string, Taker[]>();
    for (const [session, st] of states) {
      if (!st.bound || st.bound.mode === 'transmitter' || !session.socket.writable) continue;
      const list = byApp.get(st.bound.app.appId) ?? [];
      list.push(st.taker);
      byApp.set(st.bound.app.appId, list);
    }
    return byApp;
  };
  const respTimeoutMs = o.receiptRespTimeoutMs ?? 10_000;
  const receipts: PushQueue<OwedReceipt, boolean> = {
    what: 'receipts',
    claim: (apps) => claimReceipts(o.db, apps, o.listenerId, 500),
    push: (taker, r) => sendDeliverSm(taker, receiptDeliverSm(r), respTimeoutMs),
    settle: (rs) => settleReceipts(o.db, rs.filter((x) => x.result).map((x) => x.item.id), rs.filter((x) => !x.result).map((x) => x.item.id)),
  };
  // An MO's parts go in order on one session, each after the last was answered; a retry resumes after the parts taken.
  const mo: PushQueue<OwedMo, { done: number; total: number }> = {
    what: 'MO',
    claim: (apps) => claimInbound(o.db, apps, o.listenerId, 500),
    async push(taker, m) {
      const parts = moDeliverSms(m);
      const until = Date.now() + MO_PUSH_MS;
      let done = m.partsDone;
      while (done < parts.length && Date.now() < until && (await sendDeliverSm(taker, parts[done], respTimeoutMs))) done++;
      return { done, total: parts.length };
    },
    settle: (rs) =>
      settleInbound(
        o.db,
        rs.filter((x) => x.result.done >= x.result.total).map((x) => x.item.id),
        rs.filter((x) => x.result.done < x.result.total).map((x) => ({ id: x.item.id, partsDone: x.result.done })),
      ),
  };
  const pushLoops = [startPushLoop(takers, receipts, o.receiptPollMs ?? 250), startPushLoop(takers, mo, o.receiptPollMs ?? 250)];

  let sweeps = 0;
  const heartbeat = setInterval(() => {
    if (++sweeps % 6 === 0) {
      sweepReceipts(o.db).catch((e: unknown) => logger.warn('sweeping smpp receipts failed', { error: e }));
      sweepInbound(o.db).then(
        (expired) => {
          if (expired) logger.warn('MO no merchant SMPP session took in 72 h dropped from the SMPP queue', { count: expired });
        },
        (e: unknown) => logger.warn('sweeping smpp MO failed', { error: e }),
      );
    }
    const now = Date.now();
    const ids: number[] = [];
    for (const [session, st] of states) {
      if (now - st.lastPduAt > idleMs) {
        logger.info('smpp session idle: dropped', { remote: st.remote, app_id: st.bound?.app.appId ?? null });
        session.destroy();
        continue;
      }
      if (!st.bound && !st.binding && now - st.openedAt > bindTimeoutMs) {
        logger.info('smpp session not bound in time: dropped', { remote: st.remote });
        session.destroy();
        continue;
      }
      if (st.bound) ids.push(st.bound.bindId);
    }
    refreshBinds(o.db, ids).catch((e: unknown) => logger.warn('refreshing smpp binds failed', { error: e }));
  }, o.heartbeatMs ?? 5000);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  logger.info('smpp listener started', { port });

  return {
    port,
    sessions: () => states.size,
    async close() {
      clearInterval(heartbeat);
      const stopped = Promise.all(pushLoops.map((loop) => loop.stop()));
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Bound sessions are told (unbind), then closed; at most 2 s.
        for (const [session, st] of states) {
          if (st.bound && session.socket.writable) session.unbind(() => session.close());
          else session.close();
        }
        setTimeout(() => {
          for (const session of states.keys()) session.destroy();
        }, 2000).unref();
      });
      await stopped; // (answers that never came count as not handed over when their sessions closed)
      await Promise.all(
        [...states.values()].flatMap((st) => (st.bound ? [dropBind(o.db, st.bound.bindId).catch(() => {})] : [])),
      );
    },
  };
}
