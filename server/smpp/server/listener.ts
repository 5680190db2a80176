import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import type smpp from 'smpp';
import { logger } from '@/server/lib/logger';
import { smppConnectionsRefused, smppProtocolErrors } from '@/server/metrics/registry';
import { framedSession } from '../codec/framed-session';
import { PDU_MAX_LENGTH } from '../codec/frames';
import { admitConnections, type AdmissionLimits } from './admission';
import { dispositionOf } from './commands';
import type { OwedQueue, ServerPort } from './port';
import { owedPushQueue, startPushLoop, type PushLoop, type Taker } from './push-loop';
import { answer, servePdu, type SessionState } from './serve-pdu';

/** SMPP 3.4 ESME_RSYSERR: what a request gets when handling it failed. */
const SYSERR = 0x08;
/** A session that has not bound this long after it connected is closed. */
const BIND_TIMEOUT_MS = 30_000;
const DEFAULT_LIMITS: AdmissionLimits = { maxConnections: 1000, maxPerAddress: 40 };

export type ListenerOptions<App extends { appId: string }> = {
  /** Binds, submits, queries and what is owed to ESMEs (the domain's smppAccessPort). */
  backend: ServerPort<App>;
  port: number;
  host?: string;
  /** A session that sends no PDU for this long is dropped (D15: 90 s without enquire_link). */
  idleMs?: number;
  /** A session not bound this long after it connected is dropped (30 s). */
  bindTimeoutMs?: number;
  /** Connections at most, in all and per client address (SMPP_MAX_CONNECTIONS, SMPP_MAX_CONNECTIONS_PER_ADDRESS). */
  limits?: AdmissionLimits;
  /** How often the live sessions' registrations are renewed (the port's refresh). */
  heartbeatMs?: number;
  /** submit_sm being processed at once per session; beyond it the ESME gets 0x58 (ESME_RTHROTTLED). */
  maxInflight?: number;
  /** How often owed receipts and MO are looked for when the last look found none. */
  receiptPollMs?: number;
  /** A deliver_sm (receipt or MO part) without deliver_sm_resp for this long is not handed over (tried again later). */
  receiptRespTimeoutMs?: number;
};

export type SmppListener = { port: number; sessions(): number; close(): Promise<void> };

/** The live sessions of one listener, each with its state. */
type Sessions<App> = Map<smpp.Session, SessionState<App>>;
/** What handles one PDU of a session (servePdu). */
type HandlePdu<App extends { appId: string }> = ReturnType<typeof servePdu<App>>;

/**
 * The SMPP 3.4 server merchants' ESMEs bind to (D15), on the `smpp` library. Stateless apart from its sessions:
 * credentials, session counts and throughput are the port's (in Postgres), so two listeners may run. Every PDU is bounded
 * (codec/framed-session.ts: 16 KB) and a parse failure closes that session only.
 */
export async function startSmppListener<App extends { appId: string }>(o: ListenerOptions<App>): Promise<SmppListener> {
  const states: Sessions<App> = new Map();
  const pushLoops: PushLoop[] = [];

  const server = createServer((socket: Socket) => {
    if (admission.admitted(socket)) openSession(socket, states, handle, o.backend);
  });
  const admission = admitConnections(server, o.limits ?? DEFAULT_LIMITS, (reason, address) => {
    smppConnectionsRefused.inc({ reason });
    logger.warn('smpp connection refused at accept', { reason, address });
  });
  // An accept that fails (no file descriptor left, say) must not end the process: it is logged and the server goes on.
  server.on('error', (e: Error) => logger.error('smpp listener socket error', { error: e.message }));

  const handle = servePdu({
    backend: o.backend,
    maxInflight: o.maxInflight ?? 100,
    receiverBound: () => pushLoops.forEach((loop) => loop.wake()),
    nacked: () => smppProtocolErrors.inc({ kind: 'generic_nack' }),
  });

  // D15 receipts and D18 MO go out as deliver_sm on a receiver or transceiver session of the app; one counts as handed
  // over only once deliver_sm_resp says 0. One batch at a time per queue and listener.
  const respTimeoutMs = o.receiptRespTimeoutMs ?? 10_000;
  const queues = { receipts: o.backend.receipts, MO: o.backend.mo };
  for (const [what, q] of Object.entries(queues)) {
    pushLoops.push(startPushLoop(() => takersByApp(states), owedPushQueue(what, q, respTimeoutMs), o.receiptPollMs ?? 250));
  }
  const heartbeat = startHeartbeat(states, queues, o);

  await listen(server, o.port, o.host ?? '0.0.0.0');
  const port = (server.address() as AddressInfo).port;
  logger.info('smpp listener started', { port });

  return {
    port,
    sessions: () => states.size,
    async close() {
      clearInterval(heartbeat);
      const stopped = Promise.all(pushLoops.map((loop) => loop.stop()));
      await closeSessions(server, states);
      await stopped; // (answers that never came count as not handed over when their sessions closed)
      await Promise.all(
        [...states.values()].flatMap((st) => (st.bound ? [o.backend.unbind(st.bound.bindId).catch(() => {})] : [])),
      );
    },
  };
}

/** An admitted connection becomes a session: framed PDUs, its state, and what its errors, end and PDUs do. */
function openSession<App extends { appId: string }>(socket: Socket, states: Sessions<App>, handle: HandlePdu<App>, backend: ServerPort<App>): void {
  const remote = `${socket.remoteAddress ?? '?'}:${socket.remotePort ?? '?'}`;
  // submits are decoded from their octets (D1); a frame shorter than a PDU header, or longer than the bound, closes the session
  const session = framedSession(socket, (length) => {
    smppProtocolErrors.inc({ kind: 'bad_frame' });
    const why = length < 16 ? 'command_length below 16' : `command_length above ${PDU_MAX_LENGTH}`;
    logger.info(`smpp session closed: ${why}`, { remote, command_length: length });
  });
  socket.setNoDelay(true);
  const now = Date.now();
  const st: SessionState<App> = { bound: null, address: socket.remoteAddress ?? null, binding: false, inflight: 0, openedAt: now, lastPduAt: now, remote, taker: { session, pending: new Set() } };
  states.set(session, st);
  session.on('error', (e: Error) => {
    smppProtocolErrors.inc({ kind: 'bad_frame' });
    logger.info('smpp session closed on a protocol error', { remote: st.remote, error: e.message });
    session.destroy();
  });
  session.on('close', () => sessionClosed(session, st, states, backend));
  session.on('pdu', (pdu: smpp.Pdu) => pduReceived(session, st, pdu, handle));
}

/** A closed session: forgotten, its pushes waiting on an answer failed, its bind row dropped. */
function sessionClosed<App extends { appId: string }>(session: smpp.Session, st: SessionState<App>, states: Sessions<App>, backend: ServerPort<App>): void {
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
    backend.unbind(bindId).catch((e: unknown) => logger.warn('dropping an smpp bind row failed', { error: e }));
  }
}

/** One PDU handled. Whatever handling throws, at once or later, ends in an answer or a closed session, never in the process. */
function pduReceived<App extends { appId: string }>(session: smpp.Session, st: SessionState<App>, pdu: smpp.Pdu, handle: HandlePdu<App>): void {
  st.lastPduAt = Date.now();
  const failed = (e: unknown) => {
    smppProtocolErrors.inc({ kind: 'handler_error' });
    logger.error('smpp PDU handling failed', { command: pdu.command, remote: st.remote, error: e });
    if (dispositionOf(pdu).kind === 'request') answer(session, pdu, { command_status: SYSERR });
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
}

/** The sessions that can take a deliver_sm (bound as receiver or transceiver, still writable), by app. */
function takersByApp<App extends { appId: string }>(states: Sessions<App>): Map<string, Taker[]> {
  const byApp = new Map<string, Taker[]>();
  for (const [session, st] of states) {
    if (!st.bound || st.bound.mode === 'transmitter' || !session.socket.writable) continue;
    const list = byApp.get(st.bound.app.appId) ?? [];
    list.push(st.taker);
    byApp.set(st.bound.app.appId, list);
  }
  return byApp;
}

/**
 * Every `heartbeatMs`: idle sessions and sessions not bound in time are dropped, the live binds are renewed (the
 * port's refresh), and every sixth beat the owed queues are swept.
 */
function startHeartbeat<App extends { appId: string }>(
  states: Sessions<App>,
  queues: Record<string, OwedQueue>,
  o: Pick<ListenerOptions<App>, 'backend' | 'idleMs' | 'bindTimeoutMs' | 'heartbeatMs'>,
): NodeJS.Timeout {
  const idleMs = o.idleMs ?? 90_000;
  const bindTimeoutMs = o.bindTimeoutMs ?? BIND_TIMEOUT_MS;
  let sweeps = 0;
  return setInterval(() => {
    if (++sweeps % 6 === 0) {
      for (const [what, q] of Object.entries(queues)) q.sweep().catch((e: unknown) => logger.warn(`sweeping smpp ${what} failed`, { error: e }));
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
    o.backend.refresh(ids).catch((e: unknown) => logger.warn('refreshing smpp binds failed', { error: e }));
  }, o.heartbeatMs ?? 5000);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops accepting; bound sessions are told (unbind), then closed; at most 2 s. */
function closeSessions<App>(server: Server, states: Sessions<App>): Promise<void> {
  return new Promise<void>((resolve) => {
    server.close(() => resolve());
    for (const [session, st] of states) {
      if (st.bound && session.socket.writable) session.unbind(() => session.close());
      else session.close();
    }
    setTimeout(() => {
      for (const session of states.keys()) session.destroy();
    }, 2000).unref();
  });
}
