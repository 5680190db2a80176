import type Decimal from 'decimal.js';
import type { Db, DbOrTx } from '@/db/client';
import type { AuthedApp } from '@/server/domain/keys/authenticate';
import { effectivePriceRows } from '@/server/domain/pricing/effective-rows';
import { computeCost, createPriceResolver, type PriceResolver } from '@/shared/pricing/pricing';
import { unitPriceOf } from '@/server/domain/pricing/unit-price';
import { chargeWallets } from '@/server/domain/wallets/charge';
import type { SendResult } from '@/shared/contracts/send';
import { recordAnswer, type IdempotencyClaim } from '@/server/domain/idempotency/idempotency';
import { queuedEvent, recordQueuedDelivery } from '@/server/domain/webhooks/emit-events';
import { addJob } from '@/server/queue/add-job';
import { newId } from '@/server/lib/ids';
import { allSettledOrThrow } from '@/server/lib/settle';
import { toAmount } from '@/server/lib/money';
import { recipientsTerminal, sendsAccepted, walletCharged } from '@/server/metrics/registry';
import { ApiError } from '@/shared/errors/api-error';
import { GroupCommit } from '@/server/lib/group-commit';
import { optedOutAmong } from '@/server/domain/opt-outs/suppression';
import { checkSender } from '@/server/domain/sender-ids/sender-policy';
import type { SendPlan } from '@/shared/messages/validate-send';
import { unroutableAmong } from '@/server/domain/carrier/routing';
import type { SendChannel, SendingApp } from './send-channel';
import { insertSendRows, recipientRowsJson } from './send-rows';
import { emitFailedAtSendEvents, splitSuppressed, warningsOf, type Suppression } from './suppress-at-send';

/** Another request with the same Idempotency-Key recorded its answer first: the caller replays that one. */
export class IdempotencyRace extends Error {}

/** The send's answer, and (SMPP, which has no place for a count) the positions in `plan.recipients` left out: opted out (D19) or unroutable (D14). */
export type SendOutcome = { result: SendResult; suppressed: number[] };

/**
 * Accepts a validated send in ONE transaction (spec rule 7, D2), once its sender_id passed D22 (checkSender: every
 * channel but the gateway's keyword replies, which go from the number the MO came to): the opt-out
 * check (D19), the message, its dispatches, one recipient row per recipient per
 * dispatch (written as sets, not row by row), its recipients' Inbox
 * conversations moved forward (D18), the job of a timed first dispatch (an immediate one is queued: runDueDispatches),
 * the charge (prepaid then postpaid, ledger rows), the `sms.queued` event
 * (delivered once this commits, i.e. right after the 201) and the suppressed
 * recipients' `sms.failed` events. All commit together or not at all: an
 * insufficient balance (1202) rolls back the rows written before the charge;
 * every recipient opted out (1130) writes nothing.
 *
 * The transaction is shared with the organization's concurrent sends of this process (group commit,
 * server/lib/group-commit.ts): their reads first, then their writes, one BEGIN and one COMMIT for all. A send refused
 * while reading (1140, 1130, 1132) is refused alone; one refused while writing (1202, an idempotency race) has the
 * group rolled back and each of its other sends written again in a transaction of its own, so no send ever commits
 * or fails because of another's refusal. The answer is given only once its transaction committed.
 */
export async function sendMessage(
  db: Db,
  app: AuthedApp,
  plan: SendPlan,
  now: Date,
  claim?: IdempotencyClaim,
  via: SendChannel = { channel: 'api' },
): Promise<SendOutcome> {
  const written = await sendGroupsOf(db).run(app.organizationId, {
    read: (tx) => readSend(tx, app, plan, now, via),
    write: async (tx, prepared: PreparedSend) => {
      const w = await writePreparedSend(tx, prepared);
      if (claim && !(await recordAnswer(tx, claim, 201, { status_code: 201, data: w.result }))) throw new IdempotencyRace();
      return w;
    },
  });
  // Committed: counted here, once (an idempotent replay returns before this function).
  countSend(written, via);
  return { result: written.result, suppressed: written.suppressed };
}

const sendGroups = new WeakMap<Db, GroupCommit<DbOrTx>>();

/** The group commit of a pool's sends, one per pool (a process has one; the tests one per database). */
function sendGroupsOf(db: Db): GroupCommit<DbOrTx> {
  let groups = sendGroups.get(db);
  if (!groups) sendGroups.set(db, (groups = new GroupCommit<DbOrTx>((fn) => db.transaction(fn))));
  return groups;
}

/**
 * The send's reads, which take no lock and write nothing: D22's sender check (1140, or the sender the send goes from
 * and the sandbox's warning) and the price rows, issued together (postgres.js pipelines both), then prepareSend's.
 */
async function readSend(tx: DbOrTx, app: AuthedApp, plan: SendPlan, now: Date, via: SendChannel): Promise<PreparedSend> {
  const [sender, { rows }] = await Promise.all([checkSender(tx, app, plan.senderId), effectivePriceRows(tx, app.organizationId)]);
  if (sender.senderId !== plan.senderId || sender.warning) {
    plan = { ...plan, senderId: sender.senderId, warnings: sender.warning ? [sender.warning, ...plan.warnings] : plan.warnings };
  }
  const resolve = createPriceResolver(rows, unitPriceOf(app.org.defaultPrice));
  const sending = { appId: app.appId, organizationId: app.organizationId, currency: app.org.currency };
  return prepareSend(tx, sending, plan, now, { resolve, via, live: app.environment === 'live' });
}

/** A send written by writeSend, for the caller's answer and its counters once committed. */
export type WrittenSend = SendOutcome & { failedAtSend: number };

/** The counters of a committed send (never of one rolled back). */
export function countSend(w: WrittenSend, via: SendChannel): void {
  sendsAccepted.inc({ channel: via.channel });
  walletCharged.inc({ currency: w.result.currency }, w.result.total_cost);
  if (w.failedAtSend) recipientsTerminal.inc({ state: 'failed' }, w.failedAtSend);
}

/**
 * The body of a send, in the caller's transaction: everything sendMessage's transaction holds but the idempotency
 * answer. Also the way in for the gateway's own replies to D19 keywords (sendKeywordReply), written in the MO's
 * transaction at a price of 0: those skip the send's opt-out read, since the keyword's effect has just decided, in
 * that same transaction, whether the phone is on the list (the reply to STOP goes to a phone that now is).
 */
export async function writeSend(
  tx: DbOrTx,
  app: SendingApp,
  plan: SendPlan,
  now: Date,
  o: { resolve: PriceResolver; via: SendChannel; live?: boolean },
): Promise<WrittenSend> {
  return writePreparedSend(tx, await prepareSend(tx, app, plan, now, o));
}

/** What a send's reads decided, for its writes (writePreparedSend). */
type PreparedSend = {
  app: SendingApp;
  plan: SendPlan;
  now: Date;
  via: SendChannel;
  messageId: string;
  split: Suppression;
  recordSuppressed: boolean;
  result: SendResult;
  prices: ReturnType<typeof computeCost>['prices'];
  perDispatch: Decimal;
  total: Decimal;
  failedAtSend: number;
  dispatches: { id: string; seq: number; at: Date | null }[];
};

/**
 * The send's decisions, read without a lock or a write: the recipients kept, opted out (D19) and unroutable (D14),
 * with 1130 or 1132 when none is kept; the cost; the ids; the answer.
 */
async function prepareSend(
  tx: DbOrTx,
  app: SendingApp,
  plan: SendPlan,
  now: Date,
  o: { resolve: PriceResolver; via: SendChannel; live?: boolean },
): Promise<PreparedSend> {
  const { resolve, via } = o;
  const dispatches = plan.dispatchTimes.map((at, seq) => ({ id: newId('dsp'), seq, at }));
  const messageId = newId('msg');
  // D19: the opted out are recorded failed (price 0, with their sms.failed events) and counted in total_recipients;
  // over SMPP they are left out of the message, and submit_multi lists them unsuccessful instead.
  const recordSuppressed = via.channel !== 'smpp';

  const split = await splitRecipients(tx, app.organizationId, plan.recipients, via, o.live);
  if (!split.kept.length) throw new ApiError(split.unroutable.length ? 'NO_ROUTE' : 'ALL_RECIPIENTS_OPTED_OUT');
  const kept = split.kept.map((i) => plan.recipients[i]);
  const { prices, perDispatch, total } = computeCost(kept, plan.segments, dispatches.length, resolve);
  const failedAtSend = recordSuppressed ? (split.suppressed.length + split.unroutable.length) * dispatches.length : 0;
  const result = sendResult(app, plan, messageId, split, {
    totalRecipients: recordSuppressed ? plan.recipients.length : kept.length,
    totalMessages: kept.length * plan.segments * dispatches.length,
    total,
  });
  return { app, plan, now, via, messageId, split, recordSuppressed, result, prices, perDispatch, total, failedAtSend, dispatches };
}

/** The send's writes, as prepareSend decided them; 1202 when the wallets no longer cover it (the caller rolls back). */
async function writePreparedSend(tx: DbOrTx, p: PreparedSend): Promise<WrittenSend> {
  const { app, plan, now, via, messageId, split, result, total, dispatches } = p;
  const dispatchesJson = JSON.stringify(dispatches.map((d) => ({ id: d.id, seq: d.seq, at: d.at?.toISOString() ?? null })));
  const queued = queuedEvent(messageId, now, {
    total_recipients: result.total_recipients,
    total_messages: result.total_messages,
    total_cost: result.total_cost,
    currency: result.currency,
    scheduled_at: dispatches[0].at ? dispatches[0].at.toISOString() : null,
  });

  // The rows and the sms.queued event first, issued together with a timed dispatch's job so postgres.js pipelines
  // both: one round trip. No shared lock is taken yet.
  const [hooks] = await Promise.all([
    insertSendRows(tx, {
      app,
      plan,
      messageId,
      via,
      now,
      failedAtSend: p.failedAtSend,
      totalRecipients: result.total_recipients,
      totalMessages: result.total_messages,
      total,
      perDispatch: p.perDispatch,
      dispatchCount: dispatches.length,
      dispatchesJson,
      recipientsJson: recipientRowsJson(plan.recipients, split, p.prices, p.recordSuppressed),
      firstDispatchAt: dispatches[0].at ?? now,
      queued,
    }),
    // a timed first dispatch gets its job, run at its moment; an immediate one is queued as it is (a `scheduled`
    // dispatch without a moment), and its insert wakes the workers' dispatch loops at commit (runDueDispatches)
    dispatches[0].at ? addJob(tx, 'dispatch_message', { dispatch_id: dispatches[0].id }, { runAt: dispatches[0].at, jobKey: dispatches[0].id }) : Promise.resolve(),
  ]);
  // Then the charge, the queued event's delivery (only when the app has a webhook) and the failed-at-send events,
  // pipelined too (one round trip; the events look up the rows above): the merchant's wallet rows stay locked only
  // from here to the commit (its concurrent sends in this process share that transaction; another process's wait for
  // it). A 1202 from the charge
  // rolls everything back, the events included, once the other statements are done (allSettledOrThrow).
  await allSettledOrThrow([
    chargeWallets(tx, { organizationId: app.organizationId, total, messageId, actor: `api:${app.appId}` }),
    recordQueuedDelivery(tx, { eventId: queued.id, organizationId: app.organizationId, appId: app.appId, callbackUrl: plan.callbackUrl, ...hooks }, now),
    p.failedAtSend ? emitFailedAtSendEvents(tx, messageId, dispatchesJson, now) : Promise.resolve(),
  ]);
  return { result, suppressed: [...split.suppressed, ...split.unroutable].sort((a, b) => a - b), failedAtSend: p.failedAtSend };
}

/**
 * D19: the organization's opted-out recipients, read first (one indexed statement). A phone listed after this
 * read is charged here and skipped, then refunded, when its dispatch hands recipients over (skipOptedOut).
 * D14 (live): beside it, the numbers no carrier route takes, failed NO_ROUTE at price 0; a route removed after this
 * read fails them at the dispatch, refunded. A keyword reply reads neither: its keyword's effect decided, and it goes
 * back to a phone that just reached us (a missing route fails it at its dispatch).
 */
async function splitRecipients(tx: DbOrTx, organizationId: string, recipients: string[], via: SendChannel, live: boolean | undefined): Promise<Suppression> {
  if (via.channel === 'keyword') return splitSuppressed(recipients, new Set());
  return splitSuppressed(
    recipients,
    ...(await Promise.all([
      optedOutAmong(tx, organizationId, recipients),
      live ? unroutableAmong(tx, organizationId, recipients) : Promise.resolve(new Set<string>()),
    ])),
  );
}

/** The send's 201 answer. */
function sendResult(
  app: SendingApp,
  plan: SendPlan,
  messageId: string,
  split: Suppression,
  n: { totalRecipients: number; totalMessages: number; total: Decimal },
): SendResult {
  return {
    message_id: messageId,
    total_recipients: n.totalRecipients,
    suppressed_recipients: split.suppressed.length,
    unroutable_recipients: split.unroutable.length,
    total_messages: n.totalMessages,
    total_cost: toAmount(n.total),
    currency: app.currency,
    status: 'pending',
    sending_type: plan.sendingType,
    encoding: plan.encoding === 'GSM-7' ? 'gsm7' : 'ucs2',
    smart_encoding: { mode: plan.smartEncoding.mode, applied: plan.smartEncoding.applied, replaced_characters: plan.smartEncoding.replacedCharacters },
    // Additive (D12): absent when there is nothing to say, so the common answer keeps v1's exact shape.
    ...warningsOf(plan, split),
  };
}
