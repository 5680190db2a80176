import type { AddressInfo } from 'node:net';
import smpp from 'smpp';
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
import { sendDeliverSm, startPushLoop, type PushQueue, type Taker } from './push-loop';
import { keepRawPdus, parseSubmitMulti, parseSubmitSm, rawPdu, TLV } from './raw-pdu';

/** SMPP 3.4 command_status values the listener answers with, beside those of the bind and submit domain code. */
const STATUS = { INVMSGLEN: 0x01, INVCMDID: 0x03, INVBNDSTS: 0x04, ALYBND: 0x05, SYSERR: 0x08, CANCELFAIL: 0x11, QUERYFAIL: 0x67 } as const;

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
 * The SMPP 3.4 server merchants' ESMEs bind to (D15), on the `smpp` library. Stateless apart from its sessions:
 * credentials, session counts and throughput live in Postgres, so two listeners may run. Every PDU is bounded by the
 * library (16 KB) and a parse failure closes that session only.
 */
export async function startSmppListener(o: ListenerOptions): Promise<SmppListener> {
  const idleMs = o.idleMs ?? 90_000;
  const maxInflight = o.maxInflight ?? 100;
  const states = new Map<smpp.Session, SessionState>();

  const server = smpp.createServer({}, (session) => {
    keepRawPdus(session); // submits are decoded from their octets (D1)
    const socket = session.socket as unknown as { remoteAddress?: string; remotePort?: number; setNoDelay?: (v: boolean) => void };
    socket.setNoDelay?.(true);
    const st: SessionState = { bound: null, address: socket.remoteAddress ?? null, binding: false, inflight: 0, lastPduAt: Date.now(), remote: `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`, taker: { session, pending: new Set() } };
    states.set(session, st);
    session.on('error', (e: Error) => {
      logger.info('smpp session closed on a protocol error', { remote: st.remote, error: e.message });
      session.destroy();
    });
    session.on('close', () => {
      states.delete(session);
      for (const fail of [...st.taker.pending]) fail();
      if (st.bound) {
        const { bindId, app } = st.bound;
        st.bound = null;
        logger.info('smpp session ended', { app_id: app.appId, remote: st.remote });
        dropBind(o.db, bindId).catch((e: unknown) => logger.warn('dropping an smpp bind row failed', { error: e }));
      }
    });
    session.on('pdu', (pdu: smpp.Pdu) => {
      st.lastPduAt = Date.now();
      handle(session, st, pdu).catch((e: unknown) => {
        logger.error('smpp PDU handling failed', { command: pdu.command, error: e });
        if (!pdu.isResponse?.() && session.socket.writable) session.send(pdu.response({ command_status: STATUS.SYSERR }));
      });
    });
  });

  async function handle(session: smpp.Session, st: SessionState, pdu: smpp.Pdu): Promise<void> {
    const command = pdu.command;
    if (command === 'unknown') return void session.send(pdu.response()); // generic_nack, ESME_RINVCMDID
    if (command in BIND_MODES) return bind(session, st, pdu, BIND_MODES[command]);
    if (command === 'enquire_link') return void session.send(pdu.response());
    if (command === 'unbind') {
      session.send(pdu.response());
      return void session.close();
    }
    if (command === 'generic_nack' || command.endsWith('_resp')) return; // answers to nothing we asked: ignored
    if (!st.bound) return void session.send(pdu.response({ command_status: STATUS.INVBNDSTS }));
    if (command === 'submit_sm' || command === 'submit_multi') return submit(session, st, st.bound, pdu);
    if (command === 'query_sm') {
      const q = await querySmppMessage(o.db, st.bound.app.appId, typeof pdu.message_id === 'string' ? pdu.message_id : '');
      if (!q) return void session.send(pdu.response({ command_status: STATUS.QUERYFAIL }));
      return void session.send(pdu.response({ message_id: q.messageId, final_date: q.finalDate, message_state: q.messageState, error_code: q.errorCode }));
    }
    // A submit_sm is sent at once (D15: immediate): by the time an ESME can ask, nothing is left to cancel.
    if (command === 'cancel_sm') return void session.send(pdu.response({ command_status: STATUS.CANCELFAIL }));
    if (UNSUPPORTED.has(command)) return void session.send(pdu.response({ command_status: STATUS.INVCMDID }));
    session.send(pdu.response({ command_status: STATUS.INVCMDID }));
  }

  async function bind(session: smpp.Session, st: SessionState, pdu: smpp.Pdu, mode: BindMode): Promise<void> {
    if (st.bound || st.binding) return void session.send(pdu.response({ command_status: STATUS.ALYBND }));
    st.binding = true;
    try {
      const systemId = typeof pdu.system_id === 'string' ? pdu.system_id : '';
      const password = typeof pdu.password === 'string' ? pdu.password : '';
      const refuse = (status: number, reason: string) => {
        logger.info('smpp bind refused', { system_id: systemId.slice(0, SYSTEM_ID_MAX + 1), remote: st.remote, status, reason });
        session.send(pdu.response({ command_status: status }));
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
      session.send(pdu.response({ system_id: 'SMSGW' }));
      if (mode !== 'transmitter') for (const loop of pushLoops) loop.wake(); // what was queued while no receiver was bound goes out now
    } finally {
      st.binding = false;
    }
  }

  /** submit_sm and submit_multi: the same checks, throughput and send path (D15). */
  async function submit(session: smpp.Session, st: SessionState, b: Bound, pdu: smpp.Pdu): Promise<void> {
    const answer = (options: Record<string, unknown>) => {
      if (session.socket.writable) session.send(pdu.response(options));
    };
    if (b.mode === 'receiver') return answer({ command_status: STATUS.INVBNDSTS });
    if (st.inflight >= maxInflight) return answer({ command_status: SUBMIT_STATUS.THROTTLED });
    const raw = rawPdu(pdu);
    const fields = raw ? (pdu.command === 'submit_multi' ? parseSubmitMulti(raw) : parseSubmitSm(raw)) : null;
    if (!fields) return answer({ command_status: STATUS.INVMSGLEN });
    st.inflight++;
    try {
      if (!(await takeSmppTps(o.db, b.app.appId, b.tps))) return answer({ command_status: SUBMIT_STATUS.THROTTLED });
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
        return answer({ message_id: outcome.messageId, ...(unsuccess ? { unsuccess_sme: unsuccess } : {}) });
      }
      logger.info(`smpp ${pdu.command} refused`, { app_id: b.app.appId, status: outcome.status, reason: outcome.reason });
      answer({ command_status: outcome.status });
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
