import type smpp from 'smpp';
import type { Db } from '@/db/client';
import type { ConnectorRow, SessionState } from '@/db/schema';
import { logger } from '@/server/lib/logger';
import { carrierMo } from '@/server/metrics/registry';
import { takeTps } from './leases';
import { TpsCredits } from './tps-credits';
import { claimOutbox, type Claimed } from './outbox';
import type { OutcomeKind } from './record';
import { parseReceipt } from './receipts';
import { Recorder, type Release } from './recorder';
import { encodable, encodeSubmitSm, type SubmitFields } from './encode';
import { SmppSession, type SubmitResult } from './session';
import { passThroughPart, relativeValidity, splitMessage } from './split';
import { RETRYABLE_STATUSES } from './status';

/** `flushMs`: how long a batch of answers that failed to record waits before it is tried again. */
export type RuntimeOptions = { respTimeoutMs: number; flushMs: number; tlsCa?: string };
/**
 * `refused`: the results of its parts that were not accepted (skipped, dropped, timed out or an error status);
 * `held`: the window slots of those refused parts, released once the message's outcome is recorded.
 */
type Msg = { claimed: Claimed; total: number; open: number; refused: Array<SubmitResult | 'skipped'>; abort: boolean; held: Release[] };
/** A part to submit: its octets (encodeSubmitSm), or its fields when it has TLVs (the library encodes those). */
type PartJob = { msg: Msg; partNo: number; pdu: Buffer | Record<string, unknown> };

const SHORT_CLAIM_PAUSE_MS = 25;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The sessions of one SMPP connector in the worker process that holds its lease (D14). A loop claims due outbox
 * rows (SKIP LOCKED), splits and encodes them, takes TPS from the shared budget and keeps at most `window`
 * submit_sm per session whose answer is not yet durable: a slot is freed when the batch recording its answer has
 * committed (Recorder), not when the answer arrives, so a crash resends at most `window x sessions` submits, those
 * whose answer was not recorded. Receipts go through the same batches, and are answered once recorded.
 */
export class ConnectorRuntime {
  readonly sessions: SmppSession[] = [];
  private queue: PartJob[] = [];
  /** Claimed rows not yet split into parts (split a few windows ahead, not a whole claim in one go). */
  private backlog: Claimed[] = [];
  private backlogAt = 0;
  /** The last single-part split, reused for the next row with the same text (a bulk send's rows come together). */
  private lastSplit: { body: string; parts: ReturnType<typeof splitMessage> } | null = null;
  private readonly recorder: Recorder;
  /** Per session: submit_sm sent whose answer is not recorded yet (the window). */
  private readonly held = new Map<SmppSession, number>();
  private running = true;
  /** submit_sm sent and not yet settled, and what stop() waits on until none is left. */
  private unsettled = 0;
  private allSettled: (() => void) | null = null;
  private pausedUntil = 0;
  private nextClaimAt = 0;
  private loop: Promise<void> | null = null;
  private readonly validity: string;
  /** submit_sm taken from the shared TPS budget and not yet sent, and the ask for more in flight (null when none). */
  private readonly credits = new TpsCredits();
  private taking: Promise<void> | null = null;
  /** Resolves the pump's wait early: an answer freed a window slot. */
  private wake: (() => void) | null = null;
  private wakeSoon = false;

  constructor(
    private readonly db: Db,
    readonly cfg: ConnectorRow & { password: string },
    readonly token: string,
    private readonly opts: RuntimeOptions,
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
    const ref = { id: cfg.id, name: cfg.name, validityS: cfg.validityS, receiptIdFormat: cfg.receiptIdFormat };
    this.recorder = new Recorder(db, ref, opts.flushMs, () => this.wakeSoonAfter());
    this.validity = relativeValidity(cfg.validityS);
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
   * A receipt is stored before its deliver_sm_resp (D14): the promise resolves once the batch holding it committed.
   * A deliver_sm that is not a receipt (mobile-originated) is acknowledged and not stored: inbound SMS is not in v1.
   */
  private onDeliverSm(pdu: smpp.Pdu): Promise<void> {
    const receipt = parseReceipt(pdu);
    if (!receipt) {
      carrierMo.inc({ connector: this.cfg.name });
      logger.debug('smpp mobile-originated deliver_sm acknowledged, not stored', { connector: this.cfg.name, esm_class: pdu.esm_class });
      return Promise.resolve();
    }
    return this.recorder.receipt(receipt);
  }

  /** Window slots of a session in use (sent, answer not recorded). */
  private inUse(s: SmppSession): number {
    return this.held.get(s) ?? 0;
  }

  private hold(s: SmppSession): Release {
    this.held.set(s, this.inUse(s) + 1);
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.held.set(s, this.inUse(s) - 1);
    };
  }

  /** Waits `ms`, or less when an answer frees a window slot. */
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

  private async pump(): Promise<void> {
    let claimed: Promise<Claimed[]> | null = null;
    while (this.running) {
      const senders = this.senders.filter((s) => s.bound);
      const capacity = senders.reduce((n, s) => n + Math.max(0, this.cfg.window - this.inUse(s)), 0);
      if (senders.length === 0 || Date.now() < this.pausedUntil) {
        await sleep(50);
        continue;
      }
      // Claims run beside the submits (the next batch arrives while this one is in flight), one at a time.
      // The queue holds about a second of the connector's TPS (at least 8 windows, at most 2000 rows); the next claim
      // starts at half of that, so the window never waits for a claim's round trip at full speed.
      const depth = Math.min(2000, Math.max(this.cfg.window * senders.length * 8, this.cfg.tps));
      const waiting = this.queue.length + this.unsplit;
      // After a claim that found fewer rows than it asked for, the next one waits a little while rows are still
      // queued here: claiming again at once scans the claimed rows again for none or a few new ones.
      const low = waiting < depth / 2 && (waiting === 0 || Date.now() >= this.nextClaimAt);
      if (low && !claimed) {
        claimed = claimOutbox(this.db, this.cfg.id, this.token, depth)
          .catch((e: unknown) => {
            logger.warn('claiming outbox rows failed', { error: e });
            return [] as Claimed[];
          })
          .then((rows) => {
            this.nextClaimAt = rows.length < depth ? Date.now() + SHORT_CLAIM_PAUSE_MS : 0;
            if (this.running) for (const c of rows) this.backlog.push(c);
            else for (const c of rows) this.recorder.outcome({ recipientId: c.recipientId, dispatchId: c.dispatchId, kind: 'release' }, []);
            claimed = null;
            this.wake?.();
            return rows;
          });
      }
      this.fill(this.cfg.window * senders.length * 2);
      if (this.queue.length === 0) {
        const rows = await (claimed ?? Promise.resolve([]));
        if (!rows.length && this.queue.length === 0 && this.unsplit === 0) await this.idle(50);
        continue;
      }
      if (capacity === 0) {
        await this.idle(20);
        continue;
      }
      // The next grant is asked for beside the submits (TpsCredits): the window does not wait for the round trip.
      if (!this.taking && this.credits.wantsMore(Date.now())) this.taking = this.takeCredits(capacity);
      let credits = this.credits.available(Date.now());
      if (credits === 0) {
        await (this.taking ?? sleep(this.credits.msToAsk(Date.now())));
        continue;
      }
      let sent = 0;
      for (const s of senders) s.cork();
      try {
        while (credits > 0 && this.queue.length) {
          const session = senders.find((s) => s.bound && this.inUse(s) < this.cfg.window);
          if (!session) break;
          const job = this.queue.shift()!;
          if (job.msg.abort) {
            this.settlePart(job.msg, job.partNo, 'skipped');
            continue;
          }
          sent++;
          credits--;
          this.credits.use();
          this.unsettled++;
          const release = this.hold(session);
          session.send(job.pdu, (r) => this.answered(job, r, release));
        }
      } finally {
        for (const s of senders) s.uncork(); // (a write held by a cork that is never undone would stall the session)
      }
      if (sent === 0) await this.idle(20);
    }
    await claimed;
    await this.taking;
  }

  /**
   * One round trip buys what the queue can use of this slice's budget (only the lease owner submits, so nothing is
   * taken from another process's share).
   */
  private async takeCredits(capacity: number): Promise<void> {
    const want = Math.min(this.cfg.tps, Math.max(capacity, this.queue.length + this.unsplit));
    try {
      const tps = await takeTps(this.db, this.cfg.id, this.cfg.tps, want).catch((e: unknown) => {
        logger.warn('taking TPS budget failed', { connector: this.cfg.name, error: e });
        return { granted: 0, left: 0, slice: -1, msToSliceEnd: 100 };
      });
      this.credits.grant(tps, Date.now());
    } finally {
      this.taking = null;
      this.wake?.();
    }
  }

  /** Claimed rows not split into parts yet. */
  private get unsplit(): number {
    return this.backlog.length - this.backlogAt;
  }

  /** Splits claimed rows into queued parts until `n` parts wait. */
  private fill(n: number): void {
    while (this.queue.length < n && this.unsplit > 0) this.enqueue(this.backlog[this.backlogAt++]);
    if (this.unsplit === 0 && this.backlogAt) {
      this.backlog = [];
      this.backlogAt = 0;
    }
  }

  private split(c: Claimed): ReturnType<typeof splitMessage> {
    if (c.udh) return passThroughPart(c.body, c.udh, { gsmCoding: this.cfg.gsmCoding });
    // (one part does not depend on the recipient: only the concatenation reference of a long message does)
    if (this.lastSplit?.body === c.body) return this.lastSplit.parts;
    const parts = splitMessage(c.body, { gsmCoding: this.cfg.gsmCoding, long: this.cfg.longMethod, ref: c.recipientId });
    this.lastSplit = parts.length === 1 ? { body: c.body, parts } : null;
    return parts;
  }

  private enqueue(c: Claimed): void {
    const pdus = this.split(c);
    const msg: Msg = { claimed: c, total: pdus.length, open: 0, refused: [], abort: false, held: [] };
    pdus.forEach((text, i) => {
      if (c.doneParts.includes(i + 1)) return; // accepted before a dropped session: not sent again
      msg.open++;
      const fields: SubmitFields = {
        source_addr_ton: this.cfg.sourceTon, source_addr_npi: this.cfg.sourceNpi, source_addr: c.senderId ?? '',
        dest_addr_ton: this.cfg.destTon, dest_addr_npi: this.cfg.destNpi, destination_addr: c.phone.replace(/^\+/, ''),
        registered_delivery: 1, validity_period: this.validity,
        ...text,
      };
      this.queue.push({ msg, partNo: i + 1, pdu: encodable(fields) ? encodeSubmitSm(fields) : fields });
    });
    if (msg.open === 0) this.recorder.outcome({ recipientId: c.recipientId, dispatchId: c.dispatchId, kind: 'sent' }, []);
  }

  private answered(job: PartJob, r: SubmitResult, release: Release): void {
    try {
      this.settlePart(job.msg, job.partNo, r, release);
    } catch (e) {
      // (never thrown on: the answer came from the library's socket handler)
      logger.error('settling a submit_sm answer failed', { connector: this.cfg.name, error: e });
    }
    if (--this.unsettled === 0) this.allSettled?.();
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

  /** One part's answer (or its skip): an accepted part is recorded now, the message's outcome once all are answered. */
  private settlePart(msg: Msg, partNo: number, r: SubmitResult | 'skipped', release?: Release): void {
    if (r === 'skipped' || r.status !== 0) {
      msg.refused.push(r);
      if (release) msg.held.push(release);
      if (r !== 'skipped' && r.status === 0x58) this.pausedUntil = Date.now() + 1000; // throttled: slow the whole connector down
      if (r !== 'skipped') msg.abort = true;
    } else if (r.messageId) {
      this.recorder.part({ recipientId: msg.claimed.recipientId, partNo, partsTotal: msg.total, messageId: r.messageId }, release ?? (() => {}));
    } else if (release) msg.held.push(release);
    if (--msg.open > 0) return;
    const { recipientId, dispatchId } = msg.claimed;
    const outcome = (o: OutcomeKind) => this.recorder.outcome({ recipientId, dispatchId, ...o }, msg.held);
    if (!msg.refused.length) return outcome({ kind: 'sent' });
    const statuses = msg.refused.flatMap((x) => (x === 'skipped' ? [] : [x.status]));
    const permanent = statuses.find((s): s is number => typeof s === 'number' && s !== 0 && !RETRYABLE_STATUSES.has(s));
    if (permanent !== undefined) outcome({ kind: 'fail', status: permanent });
    else if (statuses.some((s) => s === 'timeout' || typeof s === 'number')) outcome({ kind: 'retry' });
    else outcome({ kind: 'release' }); // dropped or skipped parts only
  }

  /** Records everything answered so far. */
  flush(): Promise<void> {
    return this.recorder.flush();
  }

  /** Clean stop: no new submits, unbind every session (unanswered ones are released), record everything. */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    for (const job of this.queue.splice(0)) this.settlePart(job.msg, job.partNo, 'skipped');
    for (const c of this.backlog.splice(this.backlogAt)) this.recorder.outcome({ recipientId: c.recipientId, dispatchId: c.dispatchId, kind: 'release' }, []);
    this.backlog = [];
    this.backlogAt = 0;
    await Promise.all(this.sessions.map((s) => s.stop()));
    if (this.unsettled) await new Promise<void>((r) => (this.allSettled = r));
    await this.recorder.flush();
    this.recorder.close();
  }

  /** Lost lease: drop the connections now; a new owner resubmits what was unanswered. */
  destroy(): void {
    this.running = false;
    for (const s of this.sessions) s.destroy();
    this.queue = [];
    this.backlog = [];
    this.backlogAt = 0;
    void this.recorder.flush().finally(() => this.recorder.close());
  }
}
