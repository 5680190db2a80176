import type { ConnectorRow } from '@/db/schema';
import { encodable, encodeSubmitSm, type SubmitFields } from '@/server/smpp/codec/submit-sm';
import type { Claimed } from '../outbox';
import type { AcceptedPart, Outcome, OutcomeKind } from './record';
import type { Release } from './recorder';
import type { SubmitResult } from '@/server/smpp/client/awaited-submits';
import { passThroughPart, relativeValidity, splitMessage } from '@/server/smpp/codec/split';
import { RETRYABLE_STATUSES } from './status';

/**
 * A claimed message on its way: `open` parts not yet answered; `refused`: the results of its parts that were not
 * accepted (skipped, dropped, timed out or an error status); `held`: the window slots of those parts, released once
 * the message's outcome is recorded.
 */
type Msg = { claimed: Claimed; total: number; open: number; refused: Array<SubmitResult | 'skipped'>; abort: boolean; held: Release[] };
/** A part to submit: its octets (encodeSubmitSm), or its fields when it has TLVs (the library encodes those). */
export type PartJob = { msg: Msg; partNo: number; pdu: Buffer | Record<string, unknown> };

/** Where a message's answers go: accepted parts at once, its outcome once every part is answered. */
export type AnswerSink = { part(p: AcceptedPart, release: Release): void; outcome(o: Outcome, releases: Release[]): void };

type Encoding = Pick<ConnectorRow, 'gsmCoding' | 'longMethod' | 'sourceTon' | 'sourceNpi' | 'destTon' | 'destNpi' | 'validityS'>;

/**
 * The connector's claimed rows and the parts they split into, in order: rows are split and encoded a few windows
 * ahead of the submits (`fill`), not a whole claim in one go. A row whose parts were all accepted before (a dropped
 * session) is sent on to its outcome at once.
 */
export class PartQueue {
  private queue: PartJob[] = [];
  private backlog: Claimed[] = [];
  private backlogAt = 0;
  /** The last single-part split, reused for the next row with the same text (a bulk send's rows come together). */
  private lastSplit: { body: string; parts: ReturnType<typeof splitMessage> } | null = null;
  private readonly validity: string;

  constructor(
    private readonly cfg: Encoding,
    private readonly sink: AnswerSink,
  ) {
    this.validity = relativeValidity(cfg.validityS);
  }

  add(rows: Claimed[]): void {
    for (const c of rows) this.backlog.push(c);
  }

  /** Parts ready to send. */
  get ready(): number {
    return this.queue.length;
  }

  /** Rows and parts not sent yet. */
  get waiting(): number {
    return this.queue.length + this.unsplit;
  }

  /** Claimed rows not split into parts yet. */
  get unsplit(): number {
    return this.backlog.length - this.backlogAt;
  }

  /** Splits claimed rows into parts until `n` parts are ready. */
  fill(n: number): void {
    while (this.queue.length < n && this.unsplit > 0) this.enqueue(this.backlog[this.backlogAt++]);
    if (this.unsplit === 0 && this.backlogAt) {
      this.backlog = [];
      this.backlogAt = 0;
    }
  }

  /** The next part to send; a part of a message another part of which was refused is skipped on the way. */
  next(): PartJob | undefined {
    for (;;) {
      const job = this.queue.shift();
      if (!job || !job.msg.abort) return job;
      answer(job, 'skipped', this.sink);
    }
  }

  /** Empties the queue: its parts are skipped (their messages released) and unsplit rows handed back. */
  clear(): Claimed[] {
    for (const job of this.queue.splice(0)) answer(job, 'skipped', this.sink);
    const rows = this.backlog.slice(this.backlogAt);
    this.backlog = [];
    this.backlogAt = 0;
    return rows;
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
    if (msg.open === 0) this.sink.outcome({ recipientId: c.recipientId, dispatchId: c.dispatchId, kind: 'sent' }, []);
  }
}

/**
 * One part's answer (or its skip): an accepted part goes to the sink now, the message's outcome once every part is
 * answered: every part accepted -> `sent`; a permanent error status -> `fail`; a retryable status or a timeout ->
 * `retry`; only dropped or skipped parts -> `release`. A refusal marks the message so its later parts are skipped.
 */
export function answer(job: PartJob, r: SubmitResult | 'skipped', sink: AnswerSink, release?: Release): void {
  const { msg, partNo } = job;
  if (r === 'skipped' || r.status !== 0) {
    msg.refused.push(r);
    if (release) msg.held.push(release);
    if (r !== 'skipped') msg.abort = true;
  } else if (r.messageId) {
    sink.part({ recipientId: msg.claimed.recipientId, partNo, partsTotal: msg.total, messageId: r.messageId }, release ?? (() => {}));
  } else if (release) msg.held.push(release);
  if (--msg.open > 0) return;
  const { recipientId, dispatchId } = msg.claimed;
  const outcome = (o: OutcomeKind) => sink.outcome({ recipientId, dispatchId, ...o }, msg.held);
  if (!msg.refused.length) return outcome({ kind: 'sent' });
  const statuses = msg.refused.flatMap((x) => (x === 'skipped' ? [] : [x.status]));
  const permanent = statuses.find((s): s is number => typeof s === 'number' && s !== 0 && !RETRYABLE_STATUSES.has(s));
  if (permanent !== undefined) outcome({ kind: 'fail', status: permanent });
  else if (statuses.some((s) => s === 'timeout' || typeof s === 'number')) outcome({ kind: 'retry' });
  else outcome({ kind: 'release' });
}
