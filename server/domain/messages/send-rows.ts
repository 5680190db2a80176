import type Decimal from 'decimal.js';
import type { DbOrTx } from '@/db/client';
import {
  gatewayApps as apps,
  inboxConversations as conversations,
  messageDispatches as dispatches,
  messageRecipients,
  messages,
  messageTexts,
  webhookEvents as events,
} from '@/db/schema';
import { NO_ROUTE } from '@/server/domain/carrier/routing';
import { OPTED_OUT } from '@/server/domain/opt-outs/suppression';
import { executeFixed, fixedSql } from '@/server/lib/fixed-sql';
import { toDbAmount } from '@/server/lib/money';
import { name, of } from '@/server/lib/sql-names';
import type { SendPlan } from '@/shared/messages/validate-send';
import type { ResolvedPrice } from '@/shared/pricing/pricing';
import type { QueuedEvent } from '@/server/domain/webhooks/emit-events';
import type { SendChannel, SendingApp } from './send-channel';
import type { Suppression } from './suppress-at-send';

/**
 * One recipient row per recipient as JSON for insertSendRows, in request order, so that the rows' ids follow the
 * positions (the order GET /messages/{id}/recipients lists). A suppressed or unroutable recipient (kept out of
 * `split.kept`) is written failed OPTED_OUT or NO_ROUTE at price 0 when `recordSuppressed`, left out otherwise.
 * `prices` are the kept recipients' prices, in the order of `split.kept`.
 */
export function recipientRowsJson(recipients: string[], split: Suppression, prices: ResolvedPrice[], recordSuppressed: boolean): string {
  // each distinct price's text once (a resolver hands out one ResolvedPrice per row), not one decimal rounding per recipient
  const priceText = new Map<ResolvedPrice, string>();
  const textOf = (p: ResolvedPrice) => {
    let t = priceText.get(p);
    if (t === undefined) priceText.set(p, (t = toDbAmount(p.price)));
    return t;
  };
  // `e`/`m` are the error of a recipient failed at the send (absent, they read as null)
  const rowsOut: Array<{ p: number; n: string; c: string; r: string | null; e?: string; m?: string }> = [];
  const noRoute = new Set(split.unroutable);
  let k = 0;
  recipients.forEach((n, p) => {
    if (split.kept[k] === p) {
      rowsOut.push({ p, n, c: textOf(prices[k]), r: prices[k].row?.id ?? null });
      k++;
    } else if (recordSuppressed) {
      const f = noRoute.has(p) ? NO_ROUTE : OPTED_OUT;
      rowsOut.push({ p, n, c: '0', r: null, e: f.errorCode, m: f.errorMessage });
    }
  });
  return JSON.stringify(rowsOut);
}

export type SendRows = {
  app: SendingApp;
  plan: SendPlan;
  messageId: string;
  via: SendChannel;
  now: Date;
  failedAtSend: number;
  totalRecipients: number;
  totalMessages: number;
  total: Decimal;
  perDispatch: Decimal;
  dispatchCount: number;
  /** `[{id, seq, at}]` of the send's dispatches. */
  dispatchesJson: string;
  /** recipientRowsJson's rows. */
  recipientsJson: string;
  /** The message's next_dispatch_at: its first dispatch's moment, or now for an immediate one. */
  firstDispatchAt: Date;
  /** Its `sms.queued` event (queuedEvent). */
  queued: QueuedEvent;
};

/**
 * What the queued event's delivery needs (recordQueuedDelivery): the app's webhook, and the event's partition month
 * (D24: the send's accepted month, as the statement wrote it) for the delivery to carry.
 */
export type QueuedDeliveryNeeds = { webhookUrl: string | null; hasCredentials: boolean; partitionMonth: string };

/**
 * A send's rows in one statement: the message, its dispatches, one recipient row per recipient per dispatch (D5), and
 * its `sms.queued` event; it answers what the event's delivery needs: the app's webhook and the event's partition month.
 * They hold together because this statement writes them all, with no foreign key to check (db/schema/messages.ts).
 * A suppressed or unroutable recipient's rows are failed OPTED_OUT or NO_ROUTE at price 0 from the start (D19, D14),
 * in every dispatch.
 * The same statement makes the send the latest activity of its recipients' Inbox conversations (D18, only phones
 * that sent MO have one): a conversation row another transaction holds (its MO, a concurrent send) is skipped rather
 * than waited for, as that one moves it to about the same moment.
 */
export async function insertSendRows(tx: DbOrTx, s: SendRows): Promise<QueuedDeliveryNeeds> {
  const { app, plan, messageId, via } = s;
  const at = s.now.toISOString();
  const phones = JSON.stringify(plan.recipients);
  const [hooks] = await executeFixed<{ webhook_url: string | null; has_credentials: boolean; partition_month: string }>(tx, fixedSql`
      with c as (
        -- driven by the phones, one primary-key probe each: this statement is prepared, and the generic plan of a
        -- probe by (organization, phone list) scanned every conversation of the organization by its activity index.
        -- (A JSON array, not unnest(text[]): unnest of a parameter is estimated at its true length in a custom plan and
        -- at 10 rows in the generic one, so for a single send the generic plan always looked dearer and the statement
        -- was planned anew at every send, 0.5 ms of Postgres CPU each; a JSON array is estimated alike in both.)
        update ${conversations} c set ${name(conversations.lastActivityAt)} = ${at}::timestamptz
          from (select cv.organization_id, cv.phone from jsonb_array_elements_text(${phones}::jsonb) as p(phone)
                 cross join lateral (select ${conversations.organizationId}, ${conversations.phone} from ${conversations}
                                      where ${conversations.organizationId} = ${app.organizationId} and ${conversations.phone} = p.phone
                                        and ${conversations.lastActivityAt} < ${at}::timestamptz
                                      for update skip locked) cv) l
         where ${of('c', conversations.organizationId)} = ${of('l', conversations.organizationId)} and ${of('c', conversations.phone)} = ${of('l', conversations.phone)}
      ), r as (
        insert into ${messageRecipients} (${name(messageRecipients.messageId)}, ${name(messageRecipients.organizationId)}, ${name(messageRecipients.dispatchId)},
                                   ${name(messageRecipients.position)}, ${name(messageRecipients.phone)}, ${name(messageRecipients.price)},
                                   ${name(messageRecipients.pricingRowId)}, ${name(messageRecipients.updatedAt)}, ${name(messageRecipients.state)},
                                   ${name(messageRecipients.errorCode)}, ${name(messageRecipients.errorMessage)}, ${name(messageRecipients.doneAt)})
        select ${messageId}, ${app.organizationId}, d.id, r.p, r.n, r.c, r.r, ${at}::timestamptz,
               case when r.e is not null then 'failed' else 'pending' end, r.e, r.m,
               case when r.e is not null then ${at}::timestamptz end
          from (select x.id from json_to_recordset(${s.dispatchesJson}::json) as x(id text, seq int) order by x.seq) d
         cross join json_to_recordset(${s.recipientsJson}::json) as r(p int, n text, c numeric, r text, e text, m text)
        returning ${name(messageRecipients.id)}, ${name(messageRecipients.dispatchId)}
      ), d as (
        -- after the recipients, so that each dispatch keeps its first recipient's id (D24: its reads prune by it)
        insert into ${dispatches} (${name(dispatches.id)}, ${name(dispatches.messageId)}, ${name(dispatches.seq)}, ${name(dispatches.dispatchAt)}, ${name(dispatches.cost)},
                                   ${name(dispatches.firstRecipientId)})
        -- (the recipients' first ids read once for all dispatches: a recurring send has hundreds of dispatches)
        select x.id, ${messageId}, x.seq, x.at, ${toDbAmount(s.perDispatch)}::numeric, f.first_id
          from json_to_recordset(${s.dispatchesJson}::json) as x(id text, seq int, at timestamptz)
          left join (select ${of('r', messageRecipients.dispatchId)}, min(${of('r', messageRecipients.id)}) as first_id from r
                      group by ${of('r', messageRecipients.dispatchId)}) f on f.dispatch_id = x.id
      ), k as (
        -- the text's key: the send's first recipient id, or (a send without recipient rows: an SMPP submit to a phone on
        -- the opt-out list) the id sequence's value, in the block of this month (D24)
        select coalesce((select min(${of('r', messageRecipients.id)}) from r), (select last_value from message_recipients_id_seq)) as first
      ), m as (
        -- (after the recipients: the message keeps its first recipient's id, the key of its text, D24)
        insert into ${messages} (${name(messages.id)}, ${name(messages.organizationId)}, ${name(messages.appId)}, ${name(messages.sendingType)},
                              ${name(messages.firstRecipientId)}, ${name(messages.senderId)}, ${name(messages.encoding)},
                              ${name(messages.segments)}, ${name(messages.totalRecipients)}, ${name(messages.dispatchesTotal)}, ${name(messages.totalMessages)},
                              ${name(messages.totalCost)}, ${name(messages.currency)}, ${name(messages.callbackUrl)}, ${name(messages.schedule)},
                              ${name(messages.nextDispatchAt)}, ${name(messages.createdAt)}, ${name(messages.updatedAt)}, ${name(messages.channel)},
                              ${name(messages.smppRegisteredDelivery)}, ${name(messages.smppUdh)}, ${name(messages.keywordReply)}, ${name(messages.failed)})
        select ${messageId}, ${app.organizationId}, ${app.appId}, ${plan.sendingType}, (select k.first from k), ${plan.senderId}, ${plan.encoding},
                ${plan.segments}, ${s.totalRecipients}, ${s.dispatchCount}, ${s.totalMessages}, ${toDbAmount(s.total)}::numeric,
                ${app.currency}, ${plan.callbackUrl}, ${plan.schedule === null ? null : JSON.stringify(plan.schedule)}::jsonb,
                ${s.firstDispatchAt.toISOString()}::timestamptz, ${at}::timestamptz, ${at}::timestamptz,
                ${via.channel}, ${via.channel === 'smpp' ? via.registeredDelivery : null}::int, ${via.channel === 'smpp' ? (via.udh ?? null) : null},
                ${via.channel === 'keyword' ? via.reply : null}, ${s.failedAtSend}::int
        returning ${name(messages.id)}
      ), t as (
        insert into ${messageTexts} (${name(messageTexts.messageId)}, ${name(messageTexts.firstRecipientId)}, ${name(messageTexts.body)}, ${name(messageTexts.originalBody)})
        select ${messageId}, k.first, ${plan.body}, ${plan.originalBody} from k
      ), q as (
        -- (D24: partitioned by the send's accepted month, the month of the message's created_at)
        insert into ${events} (${name(events.id)}, ${name(events.organizationId)}, ${name(events.appId)}, ${name(events.messageId)}, ${name(events.eventType)},
                               ${name(events.payload)}, ${name(events.createdAt)}, ${name(events.partitionMonth)})
        values (${s.queued.id}::uuid, ${app.organizationId}, ${app.appId}, ${messageId}, 'sms.queued', ${s.queued.payload}::jsonb, ${at}::timestamptz,
                date_trunc('month', ${at}::timestamptz, 'UTC'))
        returning ${name(events.partitionMonth)}
      )
      select ${of('a', apps.webhookUrl)}, ${of('a', apps.webhookUsername)} is not null as has_credentials, q.partition_month::text as partition_month
        from q left join ${apps} a on ${of('a', apps.id)} = ${app.appId}`);
  return { webhookUrl: hooks.webhook_url, hasCredentials: hooks.has_credentials ?? false, partitionMonth: hooks.partition_month };
}
