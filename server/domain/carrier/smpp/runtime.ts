import type smpp from 'smpp';
import type { Db } from '@/db/client';
import type { ConnectorRow, SessionState } from '@/db/schema';
import { logger } from '@/server/lib/logger';
import { carrierMo } from '@/server/metrics/registry';
import { takeTps } from './leases';
import { TpsCredits } from './tps-credits';
import { claimOutbox, settleOutcomes, type AcceptedPart, type Claimed, type Outcome } from './outbox';
import { applyStoredReceipts, parseReceipt, receiptIdForms, storeReceipts, type ParsedReceipt } from './receipts';
import { encodable, encodeSubmitSm, type SubmitFields } from './encode';
import { SmppSession, type SubmitResult } from './session';
import { passThroughPart, relativeValidity, splitMessage } from './split';
import { RETRYABLE_STATUSES } from './status';

export type RuntimeOptions = { respTimeoutMs: number; flushMs: number; tlsCa?: string };
/** `refused`: the results of its parts that were not accepted (skipped, dropped, timed out or an error status). */
type Msg = { claimed: Claimed; total: number; open: number; refused: Array<SubmitResult | 'skipped'>; abort: boolean };
/** A part to submit: its octets (encodeSubmitSm), or its fields when it has TLVs (the library encodes those). */
type PartJob = { msg: Msg; partNo: number; pdu: Buffer | Record<string, unknown>; receiptsAtSend: number };

const SHORT_CLAIM_PAUSE_MS = 25;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The sessions of one SMPP connector in the worker process that holds its lease (D14). A loop claims due outbox
 * rows (SKIP LOCKED), splits and encodes them, takes TPS from the shared budget and keeps at most `window`
 * submit_sm unanswered per session. Answers are batched into one transaction every `flushMs` (settleOutcomes).
 */
export class ConnectorRuntime {
  readonly sessions: SmppSession[] = [];
  private queue: PartJob[] = [];
  /** Claimed rows not yet split into parts (split a few windows ahead, not a whole claim in one go). */
  private backlog: Claimed[] = [];
  private backlogAt = 0;
  /** The last single-part split, reused for the next row with the same text (a bulk send's rows come together). */
  private lastSplit: { body: string; parts: ReturnType<typeof splitMessage> } | null = null;
  private parts: AcceptedPart[] = [];
  private flushingParts: AcceptedPart[] = [];
  private outcomes: Outcome[] = [];
  private running = true;
  /** submit_sm sent and not yet settled, and what stop() waits on until none is left. */
  private unsettled = 0;
  private allSettled: (() => void) | null = null;
  private pausedUntil = 0;
  private nextClaimAt = 0;
  private loop: Promise<void> | null = null;
  private flushing: Promise<void> | null = null;
  private flushTimer: NodeJS.Timeout;
  private readonly validity: string;
  private applyTimer: NodeJS.Timeout | null = null;
  /** submit_sm taken from the shared TPS budget and not yet sent, and the ask for more in flight (null when none). */
  private readonly credits = new TpsCredits();
  private taking: Promise<void> | null = null;
  /** Resolves the pump's wait early: an answer freed a window slot. */
  private wake: (() => void) | null = null;
  private wakeSoon = false;
  /** Receipts waiting for the next batch insert, and the loop writing them (null when idle). */
  private receipts: Array<{ receipt: ParsedReceipt; resolve: () => void; reject: (e: unknown) => void }> = [];
  private storing: Promise<void> | null = null;
  /**
   * Receipts received so far; the fewest of them any part waiting in `parts` had seen when it was sent; and whether
   * the next flush must look for stored receipts whatever these say (see flush).
   */
  private receiptsIn = 0;
  private partsSentAtReceipts = Infinity;
  private applyAfterFlush = false;

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
    this.flushTimer = setInterval(() => void this.flush(), opts.flushMs);
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
   * Receipts that arrive while a batch is being written wait for the next one (one statement per batch).
   * A deliver_sm that is not a receipt (mobile-originated) is acknowledged and not stored: inbound SMS is not in v1.
   */
  private onDeliverSm(pdu: smpp.Pdu): Promise<void> {
    const receipt = parseReceipt(pdu);
    if (!receipt) {
      carrierMo.inc({ connector: this.cfg.name });
      logger.debug('smpp mobile-originated deliver_sm acknowledged, not stored', { connector: this.cfg.name, esm_class: pdu.esm_class });
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      this.receiptsIn++;
      this.receipts.push({ receipt, resolve, reject });
      if (!this.storing) this.storing = new Promise<void>((r) => setImmediate(r)).then(() => this.storeBatches());
    });
  }

  /** Writes the waiting receipts, a batch per statement, until none is left; then schedules their application. */
  private async storeBatches(): Promise<void> {
    try {
      while (this.receipts.length) {
        const batch = this.receipts.splice(0, 2000);
        // A receipt that overtakes the recording of its submit_sm_resp (answers are written every flushMs): the id
        // form of the accepted part is still in memory here.
        const unflushed = this.parts.length || this.flushingParts.length ? new Set([...this.parts, ...this.flushingParts].map((p) => p.messageId)) : null;
        const rows = batch.map(({ receipt }) => {
          const form = unflushed ? receiptIdForms(receipt.messageId).find((f) => unflushed.has(f)) : undefined;
          return form ? { ...receipt, messageId: form } : receipt;
        });
        try {
          await storeReceipts(this.db, this.cfg.id, rows, this.cfg.name);
          for (const b of batch) b.resolve();
        } catch (e) {
          for (const b of batch) b.reject(e);
        }
        if (!this.applyTimer) {
          this.applyTimer = setTimeout(() => {
            this.applyTimer = null;
            applyStoredReceipts(this.db, new Date()).catch((e: unknown) => logger.warn('applying receipts failed', { error: e }));
          }, this.opts.flushMs);
        }
      }
    } finally {
      this.storing = null;
    }
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
      const capacity = senders.reduce((n, s) => n + Math.max(0, this.cfg.window - s.inflight), 0);
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
            else for (const c of rows) this.outcomes.push({ recipientId: c.recipientId, dispatchId: c.dispatchId, kind: 'release' });
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
          const session = senders.find((s) => s.bound && s.inflight < this.cfg.window);
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
          job.receiptsAtSend = this.receiptsIn;
          session.send(job.pdu, (r) => this.answered(job, r));
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
    const msg: Msg = { claimed: c, total: pdus.length, open: 0, refused: [], abort: false };
    pdus.forEach((text, i) => {
      if (c.doneParts.includes(i + 1)) return; // accepted before a dropped session: not sent again
      msg.open++;
      const fields: SubmitFields = {
        source_addr_ton: this.cfg.sourceTon, source_addr_npi: this.cfg.sourceNpi, source_addr: c.senderId ?? '',
        dest_addr_ton: this.cfg.destTon, dest_addr_npi: this.cfg.destNpi, destination_addr: c.phone.replace(/^\+/, ''),
        registered_delivery: 1, validity_period: this.validity,
        ...text,
      };
      this.queue.push({ msg, partNo: i + 1, pdu: encodable(fields) ? encodeSubmitSm(fields) : fields, receiptsAtSend: 0 });
    });
    if (msg.open === 0) {
      this.outcomes.push({ recipientId: c.recipientId, dispatchId: c.dispatchId, kind: 'sent' });
      this.applyAfterFlush = true; // (its parts were accepted before: a receipt may have come for them since)
    }
  }

  private answered(job: PartJob, r: SubmitResult): void {
    try {
      if (r.status === 0) this.partsSentAtReceipts = Math.min(this.partsSentAtReceipts, job.receiptsAtSend);
      this.settlePart(job.msg, job.partNo, r);
    } catch (e) {
      // (never thrown on: the answer came from the library's socket handler)
      logger.error('settling a submit_sm answer failed', { connector: this.cfg.name, error: e });
    }
    if (--this.unsettled === 0) this.allSettled?.();
  }

  private settlePart(msg: Msg, partNo: number, r: SubmitResult | 'skipped'): void {
    if (this.wake && !this.wakeSoon) {
      // Once the answers of this read are all settled: the freed slots then go out together (one write).
      this.wakeSoon = true;
      setImmediate(() => {
        this.wakeSoon = false;
        this.wake?.();
      });
    }
    if (r === 'skipped' || r.status !== 0) {
      msg.refused.push(r);
      if (r !== 'skipped' && r.status === 0x58) this.pausedUntil = Date.now() + 1000; // throttled: slow the whole connector down
      if (r !== 'skipped') msg.abort = true;
    } else if (r.messageId) {
      this.parts.push({ recipientId: msg.claimed.recipientId, partNo, partsTotal: msg.total, messageId: r.messageId });
    }
    if (--msg.open > 0) return;
    if (msg.total > 1) this.applyAfterFlush = true; // (a receipt may have been applied to a part recorded earlier)
    const { recipientId, dispatchId } = msg.claimed;
    if (!msg.refused.length) {
      this.outcomes.push({ recipientId, dispatchId, kind: 'sent' });
      return;
    }
    const statuses = msg.refused.flatMap((x) => (x === 'skipped' ? [] : [x.status]));
    const permanent = statuses.find((s): s is number => typeof s === 'number' && s !== 0 && !RETRYABLE_STATUSES.has(s));
    if (permanent !== undefined) this.outcomes.push({ recipientId, dispatchId, kind: 'fail', status: permanent });
    else if (statuses.some((s) => s === 'timeout' || typeof s === 'number')) this.outcomes.push({ recipientId, dispatchId, kind: 'retry' });
    else this.outcomes.push({ recipientId, dispatchId, kind: 'release' }); // dropped or skipped parts only
  }

  /** Writes the buffered answers (one transaction); on failure they stay buffered for the next flush. */
  flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (!this.parts.length && !this.outcomes.length) return Promise.resolve();
    const parts = this.parts.splice(0);
    const outcomes = this.outcomes.splice(0);
    // Stored receipts are looked for once these are recorded only when one may concern them: a receipt came after
    // one of the parts was sent (it may have been stored before its part was recorded), or a message of several
    // parts (or of parts accepted before) became sent (a receipt may have been applied to a part recorded earlier).
    // Otherwise no receipt for them exists yet: each new one is applied after it is stored (storeBatches).
    // Receipts are counted once this transaction has committed, so one that arrived while it ran is looked for too
    // (its own look-up after it is stored may have run before these parts were recorded).
    const forced = this.applyAfterFlush;
    const sentAtReceipts = this.partsSentAtReceipts;
    this.applyAfterFlush = false;
    this.partsSentAtReceipts = Infinity;
    this.flushingParts = parts;
    this.flushing = settleOutcomes(this.db, { id: this.cfg.id, name: this.cfg.name, validityS: this.cfg.validityS }, parts, outcomes, new Date())
      .then(async () => {
        const sent = outcomes.filter((o) => o.kind === 'sent').map((o) => o.recipientId);
        const apply = forced || this.receiptsIn > sentAtReceipts;
        if (sent.length && apply) await applyStoredReceipts(this.db, new Date(), sent);
      })
      .catch((e: unknown) => {
        logger.warn('recording SMPP answers failed; retrying', { connector: this.cfg.name, error: e });
        this.parts.unshift(...parts);
        this.outcomes.unshift(...outcomes);
        this.applyAfterFlush = true;
      })
      .finally(() => {
        this.flushingParts = [];
        this.flushing = null;
      });
    return this.flushing;
  }

  /** Clean stop: no new submits, unbind every session (unanswered ones are released), record everything. */
  async stop(): Promise<void> {
    this.running = false;
    await this.loop;
    for (const job of this.queue.splice(0)) this.settlePart(job.msg, job.partNo, 'skipped');
    for (const c of this.backlog.splice(this.backlogAt)) this.outcomes.push({ recipientId: c.recipientId, dispatchId: c.dispatchId, kind: 'release' });
    this.backlog = [];
    this.backlogAt = 0;
    await Promise.all(this.sessions.map((s) => s.stop()));
    if (this.unsettled) await new Promise<void>((r) => (this.allSettled = r));
    clearInterval(this.flushTimer);
    if (this.applyTimer) clearTimeout(this.applyTimer);
    await this.flush();
    await this.flush();
  }

  /** Lost lease: drop the connections now; a new owner resubmits what was unanswered. */
  destroy(): void {
    this.running = false;
    for (const s of this.sessions) s.destroy();
    this.queue = [];
    this.backlog = [];
    this.backlogAt = 0;
    clearInterval(this.flushTimer);
    if (this.applyTimer) clearTimeout(this.applyTimer);
    void this.flush();
  }
}
