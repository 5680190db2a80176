import type smpp from 'smpp';
import type { Db } from '@/db/client';
import type { ConnectorRow, SessionState } from '@/db/schema';
import { logger } from '@/server/lib/logger';
import { carrierMo } from '@/server/metrics/registry';
import { rawPdu } from '@/server/smpp/codec/framed-session';
import { ConnectorTps } from './connector-tps';
import { claimOutbox, type Claimed } from '../outbox';
import { answer, PartQueue, type AnswerSink, type PartJob } from './outgoing';
import { isMo, parseMoPdu } from '@/server/smpp/client/mo';
import { parseReceipt } from './receipts';
import { Recorder, type Release } from './recorder';
import type { SubmitResult } from '@/server/smpp/client/awaited-submits';
import { SmppSession } from '@/server/smpp/client/session';
import { SubmitWindow } from '@/server/smpp/client/submit-window';

/** `flushMs`: how long a batch of answers that failed to record waits before it is tried again. */
export type RuntimeOptions = { respTimeoutMs: number; flushMs: number; tlsCa?: string };

const SHORT_CLAIM_PAUSE_MS = 25;
/** With nothing queued here, how often the outbox is looked at anyway: rows due later (a retry's backoff, a failover). */
const IDLE_CLAIM_MS = 250;
const THROTTLED = 0x58;
/** ESME Receiver Permanent App Error (SMPP 3.4 5.1.3): the SMSC should not send that PDU again. */
const ESME_RX_P_APPN = 0x64;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The sessions of one SMPP connector in the worker process that holds its lease (D14), and the loop that feeds
 * them: it claims due outbox rows (SKIP LOCKED) into a PartQueue that splits and encodes them, takes credits from
 * the shared TPS budget (ConnectorTps) and sends while the SubmitWindow has a free slot. Answers and receipts go
 * to the Recorder, one transaction at a time; a slot is freed when the batch holding its answer has committed.
 */
export class ConnectorRuntime {
  readonly sessions: SmppSession[] = [];
  private readonly parts: PartQueue;
  private readonly recorder: Recorder;
  private readonly window: SubmitWindow;
  private readonly tps: ConnectorTps;
  /** The recorder, with a throttled answer (0x58) pausing the whole connector for a second. */
  private readonly sink: AnswerSink;
  private running = true;
  /** submit_sm sent and not yet answered, and what stop() waits on until none is left. */
  private unsettled = 0;
  private allSettled: (() => void) | null = null;
  private pausedUntil = 0;
  private nextClaimAt = 0;
  private loop: Promise<void> | null = null;
  /** Resolves the pump's wait early: an answer was recorded (slots freed), a claim or a grant came back. */
  private wake: (() => void) | null = null;
  private wakeSoon = false;
  /** Rows were handed to this connector since the last claim started (kick). */
  private kicked = false;

  constructor(
    private readonly db: Db,
    readonly cfg: ConnectorRow & { password: string },
    readonly token: string,
    opts: RuntimeOptions,
  ) {
    const base = {
      host: cfg.host, port: cfg.port, tls: cfg.tls, systemId: cfg.systemId, password: cfg.password, systemType: cfg.systemType,
      enquireLinkS: cfg.enquireLinkS, respTimeoutMs: opts.respTimeoutMs, tlsCa: opts.tlsCa,
    };
    const hooks = { onDeliverSm: (pdu: smpp.Pdu) => this.onDeliverSm(pdu), onChange: () => {} };
    for (let i = 0; i < cfg.sessions; i++) {
      if (cfg.bindMode === 'split') {
        this.sessions.push(new SmppSession({ ...base, role: 'transmitter' }, hooks), new SmppSession({ ...base, role: 'receiver' }, hooks));
      } else this.sessions.push(new SmppSession({ ...base, role: 'transceiver' }, hooks));
    }
    const ref = { id: cfg.id, name: cfg.name, validityS: cfg.validityS, receiptIdFormat: cfg.receiptIdFormat, gsmCoding: cfg.gsmCoding, token };
    this.recorder = new Recorder(db, ref, opts.flushMs, () => this.wakeSoonAfter());
    this.sink = { part: (p, release) => this.recorder.part(p, release), outcome: (o, releases) => this.recorder.outcome(o, releases) };
    this.parts = new PartQueue(cfg, this.sink);
    this.window = new SubmitWindow(cfg.window);
    this.tps = new ConnectorTps(db, cfg, () => this.wake?.());
  }

  private get senders(): SmppSession[] {
    return this.sessions.filter((_s, i) => this.cfg.bindMode !== 'split' || i % 2 === 0);
  }

  states(): SessionState[] {
    return this.senders.map((s) => s.state);
  }

  start(): void {
    for (const s of this.sessions) s.start();
    this.loop = this.pump().catch((e: unknown) => logger.error('smpp submit loop failed', { connector: this.cfg.name, error: e }));
  }

  /**
   * A deliver_sm or data_sm is stored before it is answered: a receipt (D14), or an MO (D18: message-type bits of
   * esm_class all zero), the promise resolving once the batch holding it committed. An MO whose octets break the
   * PDU layout cannot be stored: refused for good (ESME_RX_P_APPN). Anything else (an SME acknowledgement, a receipt
   * that names no message) is acknowledged and dropped.
   */
  private onDeliverSm(pdu: smpp.Pdu): Promise<number> {
    if (isMo(Number(pdu.esm_class))) {
      carrierMo.inc({ connector: this.cfg.name });
      const raw = rawPdu(pdu);
      const mo = raw && parseMoPdu(pdu.command === 'data_sm' ? 'data_sm' : 'deliver_sm', raw);
      if (!mo) {
        logger.warn('smpp MO refused: its octets break the PDU layout', { connector: this.cfg.name, command: pdu.command });
        return Promise.resolve(ESME_RX_P_APPN);
      }
      return this.recorder.mo(mo).then(() => 0);
    }
    const receipt = parseReceipt(pdu);
    if (!receipt) {
      logger.debug('smpp deliver_sm that is neither an MO nor a readable receipt: acknowledged, dropped', { connector: this.cfg.name, esm_class: pdu.esm_class });
      return Promise.resolve(0);
    }
    return this.recorder.receipt(receipt).then(() => 0);
  }

  /** New rows for this connector were committed (the outbox's notification): claim them now, not at the next look. */
  kick(): void {
    this.kicked = true;
    this.nextClaimAt = 0;
    this.wake?.();
  }

  /** Waits `ms`, or less when something the pump waits for happens. */
  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.wake = null;
        resolve();
      }, ms);
      this.wake = () => {
        clearTimeout(t);
        this.wake = null;
        resolve();
      };
    });
  }

  /** Wakes the pump once the current tick's work is done: slots freed together go out in one write. */
  private wakeSoonAfter(): void {
    if (!this.wake || this.wakeSoon) return;
    this.wakeSoon = true;
    setImmediate(() => {
      this.wakeSoon = false;
      this.wake?.();
    });
  }

  /**
   * Claims run beside the submits (the next batch arrives while this one is in flight), one at a time. The queue
   * holds about a second of the connector's TPS (at least 8 windows, at most 2000 rows); the next claim starts at
   * half of that, so the window never waits for a claim's round trip at full speed. After a claim that found fewer
   * rows than it asked for, the next one waits for rows handed over since (kick), or a little while rows are still
   * queued here, or the idle look when none are: claiming again at once would scan the claimed rows again for none
   * or a few new ones (single sends made one empty claim per message).
   */
  private claim(depth: number): Promise<Claimed[]> {
    this.kicked = false; // (this claim sees every row committed before it starts)
    return claimOutbox(this.db, this.cfg.id, this.token, depth)
      .catch((e: unknown) => {
        logger.warn('claiming outbox rows failed', { error: e });
        return [] as Claimed[];
      })
      .then((rows) => {
        // a claim that found fewer rows than it asked for emptied the due rows: the next one waits for a kick, or a
        // little (rows still queued here) or the idle look (none) when none comes
        this.nextClaimAt = rows.length < depth ? Date.now() + (this.parts.waiting + rows.length > 0 ? SHORT_CLAIM_PAUSE_MS : IDLE_CLAIM_MS) : 0;
        if (this.kicked) this.nextClaimAt = 0;
        if (this.running) this.parts.add(rows);
        else for (const c of rows) this.recorder.outcome({ recipientId: c.recipientId, dispatchId: c.dispatchId, kind: 'release' }, []);
        this.wake?.();
        return rows;
      });
  }

  private async pump(): Promise<void> {
    let claimed: Promise<Claimed[]> | null = null;
    while (this.running) {
      const senders = this.senders.filter((s) => s.bound);
      if (senders.length === 0 || Date.now() < this.pausedUntil) {
        await sleep(50);
        continue;
      }
      const depth = Math.min(2000, Math.max(this.cfg.window * senders.length * 8, this.cfg.tps));
      const waiting = this.parts.waiting;
      // (an empty queue here claims again only when rows were handed over since (kick) or at the next look: rows that
      // come due without an insert, backoff and failover, wait for that look)
      if (!claimed && waiting < depth / 2 && Date.now() >= this.nextClaimAt) {
        claimed = this.claim(depth).finally(() => (claimed = null));
      }
      this.parts.fill(this.cfg.window * senders.length * 2);
      if (this.parts.ready === 0) {
        const rows = await (claimed ?? Promise.resolve([]));
        if (!rows.length && this.parts.waiting === 0 && !this.kicked) await this.idle(Math.max(1, Math.min(IDLE_CLAIM_MS, this.nextClaimAt - Date.now())));
        continue;
      }
      const capacity = this.window.capacity(senders);
      if (capacity === 0) {
        await this.idle(20);
        continue;
      }
      this.tps.topUp(Math.max(capacity, this.parts.waiting));
      if (this.tps.available() === 0) {
        await this.tps.wait();
        continue;
      }
      if (this.sendSome(senders) === 0) await this.idle(20);
    }
    await claimed;
    await this.tps.settled();
  }

  /** Sends while there are credits, parts and free slots; a batch leaves each session in one write. */
  private sendSome(senders: SmppSession[]): number {
    let sent = 0;
    let credits = this.tps.available();
    for (const s of senders) s.cork();
    try {
      while (credits > 0) {
        const session = this.window.pick(senders);
        if (!session) break;
        const job = this.parts.next();
        if (!job) break;
        sent++;
        credits--;
        this.tps.use();
        this.unsettled++;
        const release = this.window.take(session);
        session.send(job.pdu, (r) => this.answered(job, r, release));
      }
    } finally {
      for (const s of senders) s.uncork(); // (a write held by a cork that is never undone would stall the session)
    }
    return sent;
  }

  private answered(job: PartJob, r: SubmitResult, release: Release): void {
    try {
      if (r.status === THROTTLED) this.pausedUntil = Date.now() + 1000; // slow the whole connector down
      answer(job, r, this.sink, release);
    } catch (e) {
      // (never thrown on: the answer came from the library's socket handler)
      logger.error('settling a submit_sm answer failed', { connector: this.cfg.name, error: e });
    }
    if (--this.unsettled === 0) this.allSettled?.();
  }

  /** Records everything answered so far. */
  flush(): Promise<void> {
    return this.recorder.flush();
  }

  /** Clean stop: no new submits, unbind every session (unanswered ones are released), record everything. */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    for (const c of this.parts.clear()) this.recorder.outcome({ recipientId: c.recipientId, dispatchId: c.dispatchId, kind: 'release' }, []);
    await Promise.all(this.sessions.map((s) => s.stop()));
    if (this.unsettled) await new Promise<void>((r) => (this.allSettled = r));
    await this.recorder.flush();
    this.recorder.close();
  }

  /** Lost lease: drop the connections now; a new owner resubmits what was unanswered. Resolves once answers are recorded. */
  destroy(): Promise<void> {
    this.running = false;
    for (const s of this.sessions) s.destroy();
    this.parts.clear();
    // (after the pump: rows of a claim it had under way are handed back through the recorder too)
    return (this.loop ?? Promise.resolve()).then(() => this.recorder.flush()).finally(() => this.recorder.close());
  }
}
