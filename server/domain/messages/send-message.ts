import type { Db, DbOrTx } from '@/db/client';
import type { KeywordReply } from '@/db/schema';
import type { AuthedApp } from '@/server/domain/keys/authenticate';
import { effectivePriceRows } from '@/server/domain/pricing/effective-rows';
import { computeCost, createPriceResolver, type PriceResolver, type ResolvedPrice } from '@/shared/pricing/pricing';
import { unitPriceOf } from '@/server/domain/pricing/unit-price';
import { chargeWallets } from '@/server/domain/wallets/charge';
import type { SendResult } from '@/server/contracts/send';
import { recordAnswer, type IdempotencyClaim } from '@/server/domain/idempotency/idempotency';
import { emitQueuedEvent } from '@/server/domain/webhooks/emit-events';
import { addJob } from '@/server/queue/add-job';
import { executeFixed, fixedSql } from '@/server/lib/fixed-sql';
import { newId } from '@/server/lib/ids';
import { allSettledOrThrow } from '@/server/lib/settle';
import { toAmount, toDbAmount } from '@/server/lib/money';
import { recipientsTerminal, sendsAccepted, walletCharged } from '@/server/metrics/registry';
import { ApiError } from '@/server/errors/api-error';
import { OPTED_OUT, optedOutAmong } from '@/server/domain/opt-outs/suppression';
import { checkSender } from '@/server/domain/sender-ids/sender-policy';
import type { SendPlan } from '@/shared/messages/validate-send';
import { emitFailedAtSendEvents, splitSuppressed, warningsOf } from './suppress-at-send';
import { NO_ROUTE, unroutableAmong } from '@/server/domain/carrier/routing';

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
 */
export class IdempotencyRace extends Error {}

/**
 * Where the send came from, shown on its page; SMPP sends (D15) keep what the submit_sm asked for receipts, and the
 * gateway's replies to D19 keywords (sendKeywordReply only) the keyword they answer.
 */
export type SendChannel =
  | { channel: 'api' }
  | { channel: 'dashboard' }
  | { channel: 'smpp'; registeredDelivery: number; udh?: string | null }
  | { channel: 'keyword'; reply: KeywordReply };

/** The send's answer, and (SMPP, which has no place for a count) the positions in `plan.recipients` left out: opted out (D19) or unroutable (D14). */
export type SendOutcome = { result: SendResult; suppressed: number[] };

export async function sendMessage(
  db: Db,
  app: AuthedApp,
  plan: SendPlan,
  now: Date,
  claim?: IdempotencyClaim,
  via: SendChannel = { channel: 'api' },
): Promise<SendOutcome> {
  let written!: WrittenSend;
  // The reads too are made in the send's transaction (one transaction per send, not one per read); they take no lock.
  await db.transaction(async (tx) => {
    // D22 before anything is written or charged: 1140, or the sender the send goes from (and the sandbox's warning);
    // issued together with the price rows' read (postgres.js pipelines both)
    const [sender, { rows }] = await Promise.all([checkSender(tx, app, plan.senderId), effectivePriceRows(tx, app.organizationId)]);
    if (sender.senderId !== plan.senderId || sender.warning) {
      plan = { ...plan, senderId: sender.senderId, warnings: sender.warning ? [sender.warning, ...plan.warnings] : plan.warnings };
    }
    const resolve = createPriceResolver(rows, unitPriceOf(app.org.defaultPrice));
    written = await writeSend(tx, { appId: app.appId, organizationId: app.organizationId, currency: app.org.currency }, plan, now, { resolve, via, live: app.environment === 'live' });
    if (claim && !(await recordAnswer(tx, claim, 201, { status_code: 201, data: written.result }))) throw new IdempotencyRace();
  });
  // Committed: counted here, once (an idempotent replay returns before this function).
  countSend(written, via);
  return { result: written.result, suppressed: written.suppressed };
}

/** Whose send it is: the app and its organization's currency. */
export type SendingApp = { appId: string; organizationId: string; currency: string };

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
  const { resolve, via } = o;
  const dispatches = plan.dispatchTimes.map((at, seq) => ({ id: newId('dsp'), seq, at }));
  const messageId = newId('msg');
  // D19: the opted out are recorded failed (price 0, with their sms.failed events) and counted in total_recipients;
  // over SMPP they are left out of the message, and submit_multi lists them unsuccessful instead.
  const recordSuppressed = via.channel !== 'smpp';
  const at = now.toISOString();

  // D19: the organization's opted-out recipients, read first (one indexed statement). A phone listed after this
  // read is charged here and skipped, then refunded, when its dispatch hands recipients over (skipOptedOut).
  // D14 (live): beside it, the numbers no carrier route takes, failed NO_ROUTE at price 0; a route removed after this
  // read fails them at the dispatch, refunded. A keyword reply reads neither: its keyword's effect decided, and it goes
  // back to a phone that just reached us (a missing route fails it at its dispatch).
  const split =
    via.channel === 'keyword'
      ? splitSuppressed(plan.recipients, new Set())
      : splitSuppressed(
          plan.recipients,
          ...(await Promise.all([
            optedOutAmong(tx, app.organizationId, plan.recipients),
            o.live ? unroutableAmong(tx, app.organizationId, plan.recipients) : Promise.resolve(new Set<string>()),
          ])),
        );
  if (!split.kept.length) throw new ApiError(split.unroutable.length ? 'NO_ROUTE' : 'ALL_RECIPIENTS_OPTED_OUT');
  const kept = split.kept.map((i) => plan.recipients[i]);
  const { prices: priced, perDispatch, total } = computeCost(kept, plan.segments, dispatches.length, resolve);
  const totalRecipients = recordSuppressed ? plan.recipients.length : kept.length;
  const totalMessages = kept.length * plan.segments * dispatches.length;
  const failedAtSend = recordSuppressed ? (split.suppressed.length + split.unroutable.length) * dispatches.length : 0;
  const result: SendResult = {
    message_id: messageId,
    total_recipients: totalRecipients,
    suppressed_recipients: split.suppressed.length,
    unroutable_recipients: split.unroutable.length,
    total_messages: totalMessages,
    total_cost: toAmount(total),
    currency: app.currency,
    status: 'pending',
    sending_type: plan.sendingType,
    encoding: plan.encoding === 'GSM-7' ? 'gsm7' : 'ucs2',
    smart_encoding: { mode: plan.smartEncoding.mode, applied: plan.smartEncoding.applied, replaced_characters: plan.smartEncoding.replacedCharacters },
    // Additive (D12): absent when there is nothing to say, so the common answer keeps v1's exact shape.
    ...warningsOf(plan, split),
  };

  // each distinct price's text once (a resolver hands out one ResolvedPrice per row), not one decimal rounding per recipient
  const priceText = new Map<ResolvedPrice, string>();
  const textOf = (p: ResolvedPrice) => {
    let t = priceText.get(p);
    if (t === undefined) priceText.set(p, (t = toDbAmount(p.price)));
    return t;
  };
  // In request order, so that the rows' ids follow the positions (the order GET /messages/{id}/recipients lists);
  // `e`/`m` are the error of a recipient failed at the send (absent, they read as null)
  const rowsOut: Array<{ p: number; n: string; c: string; r: string | null; e?: string; m?: string }> = [];
  const noRoute = new Set(split.unroutable);
  let k = 0;
  plan.recipients.forEach((n, p) => {
    if (split.kept[k] === p) {
      rowsOut.push({ p, n, c: textOf(priced[k]), r: priced[k].row?.id ?? null });
      k++;
    } else if (recordSuppressed) {
      const f = noRoute.has(p) ? NO_ROUTE : OPTED_OUT;
      rowsOut.push({ p, n, c: '0', r: null, e: f.errorCode, m: f.errorMessage });
    }
  });
  const recipientsJson = JSON.stringify(rowsOut);
  const phonesJson = JSON.stringify(plan.recipients);
  const dispatchesJson = JSON.stringify(dispatches.map((d) => ({ id: d.id, seq: d.seq, at: d.at?.toISOString() ?? null })));
  // The rows first, in one statement (the message, its dispatches, one
  // recipient row per recipient per dispatch: they hold together because this
  // statement writes them all, with no foreign key to check, db/schema/messages.ts),
  // issued together with a timed dispatch's job so postgres.js pipelines both:
  // one round trip. No shared lock is taken yet.
  // A suppressed or unroutable recipient's rows are failed OPTED_OUT or NO_ROUTE at price 0 from the start (D19, D14),
  // in every dispatch (D5).
  // The same statement makes the send the latest activity of its
  // recipients' Inbox conversations (D18, only phones that sent MO have
  // one): a conversation row another transaction holds (its MO, a
  // concurrent send) is skipped rather than waited for, as that one moves
  // it to about the same moment.
  await Promise.all([
    executeFixed(tx, fixedSql`
      with m as (
        insert into messages (id, organization_id, app_id, sending_type, body, original_body, sender_id, encoding, segments, total_recipients,
                              dispatches_total, total_messages, total_cost, currency, callback_url, schedule, next_dispatch_at, created_at, updated_at,
                              channel, smpp_registered_delivery, smpp_udh, keyword_reply, failed)
        values (${messageId}, ${app.organizationId}, ${app.appId}, ${plan.sendingType}, ${plan.body}, ${plan.originalBody}, ${plan.senderId}, ${plan.encoding},
                ${plan.segments}, ${totalRecipients}, ${dispatches.length}, ${totalMessages}, ${toDbAmount(total)}::numeric,
                ${app.currency}, ${plan.callbackUrl}, ${plan.schedule === null ? null : JSON.stringify(plan.schedule)}::jsonb,
                ${(dispatches[0].at ?? now).toISOString()}::timestamptz, ${at}::timestamptz, ${at}::timestamptz,
                ${via.channel}, ${via.channel === 'smpp' ? via.registeredDelivery : null}::int, ${via.channel === 'smpp' ? (via.udh ?? null) : null},
                ${via.channel === 'keyword' ? via.reply : null}, ${failedAtSend}::int)
        returning id
      ), d as (
        insert into message_dispatches (id, message_id, seq, dispatch_at, cost)
        select x.id, ${messageId}, x.seq, x.at, ${toDbAmount(perDispatch)}::numeric
          from json_to_recordset(${dispatchesJson}::json) as x(id text, seq int, at timestamptz)
        returning id, seq
      ), c as (
        update inbox_conversations c set last_activity_at = ${at}::timestamptz
          from (select organization_id, phone from inbox_conversations
                 where organization_id = ${app.organizationId} and phone in (select json_array_elements_text(${phonesJson}::json))
                   and last_activity_at < ${at}::timestamptz
                 order by phone for update skip locked) l
         where c.organization_id = l.organization_id and c.phone = l.phone
      )
      insert into message_recipients (message_id, dispatch_id, position, phone, price, pricing_row_id, updated_at, state, error_code, error_message, done_at)
      select ${messageId}, d.id, r.p, r.n, r.c, r.r, ${at}::timestamptz,
             case when r.e is not null then 'failed' else 'pending' end, r.e, r.m,
             case when r.e is not null then ${at}::timestamptz end
        from (select id from d order by seq) d
       cross join json_to_recordset(${recipientsJson}::json) as r(p int, n text, c numeric, r text, e text, m text)`),
    // a timed first dispatch gets its job, run at its moment; an immediate one is queued as it is (a `scheduled`
    // dispatch without a moment), and its insert wakes the workers' dispatch loops at commit (runDueDispatches)
    dispatches[0].at ? addJob(tx, 'dispatch_message', { dispatch_id: dispatches[0].id }, { runAt: dispatches[0].at, jobKey: dispatches[0].id }) : Promise.resolve(),
  ]);
  // Then the charge and the events, pipelined too (one round trip; they only
  // run after the rows above, which the events look up): the merchant's
  // wallet rows stay locked only from here to the commit, so concurrent
  // sends of one merchant wait for each other briefly. A 1202 from the charge
  // rolls everything back, the events included, once the events' own
  // statements are done (allSettledOrThrow).
  await allSettledOrThrow([
    chargeWallets(tx, { organizationId: app.organizationId, total, messageId, actor: `api:${app.appId}` }),
    emitQueuedEvent(
      tx,
      {
        messageId,
        organizationId: app.organizationId,
        appId: app.appId,
        callbackUrl: plan.callbackUrl,
        at: now,
        data: {
          total_recipients: result.total_recipients,
          total_messages: result.total_messages,
          total_cost: result.total_cost,
          currency: result.currency,
          scheduled_at: dispatches[0].at ? dispatches[0].at.toISOString() : null,
        },
      },
      { now },
    ),
    failedAtSend ? emitFailedAtSendEvents(tx, messageId, dispatchesJson, now) : Promise.resolve(),
  ]);
  return { result, suppressed: [...split.suppressed, ...split.unroutable].sort((a, b) => a - b), failedAtSend };
}
