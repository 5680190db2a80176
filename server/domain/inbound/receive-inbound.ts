import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages, messageRecipients, messages, type InboundEncoding } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import { blockStartOfDate } from '@/server/domain/delivery/recipient-blocks';
import { recordInboundConversations } from '@/server/domain/inbox/record-inbound';
import { queueInboundForSmpp } from '@/server/domain/smpp-access/inbound';
import { emitInboundEvents } from '@/server/domain/webhooks/inbound-events';
import { afterCommit } from '@/server/lib/after-commit';
import { newId } from '@/server/lib/ids';
import { inboundMessagesReceived } from '@/server/metrics/registry';
import { applyKeywords } from './keyword-effects';
import { routeInbound } from './route-inbound';
import { toReceivedData } from './received-data';

/** An MO as a carrier reports it (server/domain/delivery/carrier-port.ts reportInbound): whole, decoded. */
export type InboundReport = {
  /** The connector's name, or `simulator`. */
  carrier: string;
  connectorId: string | null;
  /** The sender, E.164 with `+`. */
  from: string;
  /** The destination as received. */
  to: string;
  text: string;
  encoding: InboundEncoding;
  segments: number;
  complete: boolean;
  receivedAt: Date;
};

export type ReceivedInbound = { inboundId: string; organizationId: string | null; appId: string | null };

/** How far back an MO's sender's last send counts as what it replies to (D18). */
const REPLY_WINDOW = sql.raw(`interval '7 days'`);

/**
 * Stores MO in the caller's transaction, each routed (D18) and, when routed, with its sms.received event and the
 * delivery to its app's inbound_url: the MO and its event commit together, so an MO that was stored is delivered
 * (by the deliver_webhooks job, from any worker) even when the process dies right after. A routed MO whose app has
 * SMPP credentials is also queued, in the same transaction, for the app's merchant SMPP sessions (D18), and the
 * Inbox's conversations it starts or moves are written with it. A routed MO that is a D19 keyword has its effect (the
 * list, the contact event, the reply) in that same transaction, before its row and event are written with `opt_out`:
 * a crash loses or repeats none of it, and a carrier's resend of the MO, which is not stored again, repeats none of
 * it either. Unrouted MO are stored without an event (no organization) and counted; a keyword among them does
 * nothing. In sets: a carrier's batch of MO costs the same few statements as one (routing, replies, rows, events
 * with their deliveries, the SMPP queue), and a few more per keyword among them.
 */
export async function receiveInbound(tx: DbOrTx, mos: InboundReport[], now: Date): Promise<ReceivedInbound[]> {
  if (!mos.length) return [];
  const routes = await routeInbound(tx, mos);
  // (read before any keyword's reply exists: an MO answers what came before it)
  const replies = await latestSendsTo(tx, mos.flatMap((mo, i) => (routes[i] ? [{ i, organizationId: routes[i].organizationId, phone: mo.from, at: mo.receivedAt }] : [])));
  const ids = mos.map(() => newId('in'));
  const optOuts = await applyKeywords(tx, mos.map((mo, i) => ({ inboundId: ids[i], from: mo.from, text: mo.text, route: routes[i] })), now);
  const rows = mos.map((mo, i) => {
    const route = routes[i];
    return {
      id: ids[i],
      organizationId: route?.organizationId ?? null,
      appId: route?.appId ?? null,
      fromPhone: mo.from,
      toNumber: route?.number ?? mo.to,
      keyword: route?.keyword ?? null,
      text: mo.text,
      encoding: mo.encoding,
      segments: mo.segments,
      complete: mo.complete,
      carrier: mo.carrier,
      connectorId: mo.connectorId,
      receivedAt: mo.receivedAt,
      inReplyTo: replies.get(i) ?? null,
      optOut: optOuts.get(i) ?? null,
    };
  });
  await tx.insert(inboundMessages).values(rows);
  const routed = rows.flatMap((row) => (row.organizationId && row.appId ? [{ ...row, organizationId: row.organizationId, appId: row.appId }] : []));
  await emitInboundEvents(
    tx,
    routed.map((row) => ({
      eventType: 'sms.received',
      organizationId: row.organizationId,
      appId: row.appId,
      inboundId: row.id,
      receivedAt: row.receivedAt,
      data: toReceivedData(row),
      at: now,
    })),
    { now },
  );
  await recordInboundConversations(tx, routed.map((row) => ({ organizationId: row.organizationId, phone: row.fromPhone, receivedAt: row.receivedAt })));
  await queueInboundForSmpp(tx, rows.flatMap((row, i) => (routes[i]?.smpp ? [{ inboundId: row.id, appId: routes[i].appId }] : [])), now);
  afterCommit(tx, () => {
    if (routed.length) inboundMessagesReceived.inc({ routed: 'yes' }, routed.length);
    if (rows.length - routed.length) inboundMessagesReceived.inc({ routed: 'no' }, rows.length - routed.length);
  });
  return rows.map((row) => ({ inboundId: row.id, organizationId: row.organizationId, appId: row.appId }));
}

/**
 * For each MO (by its index), the organization's latest send to the MO's sender in the 7 days up to its receipt: what
 * it replies to. One statement for the batch (latestSendsSql); per MO, the organization's deliveries to that phone are
 * walked newest first through message_recipients_org_phone_id_idx (organization, phone, id), each send's row read by
 * key, and the first send created by the MO's receipt is the answer if it is in the window: a phone the organization
 * texts every day costs a row or two, not the window's months of them (D24). Ids are handed out in insertion order, so
 * the newest id is the latest send (two sends committed in the same instant may come out in either order). Only the
 * partitions from the window's start's block are read; a send made before migration 0044 (ids below every block) is
 * no longer found, for the 7 days after the upgrade.
 */
async function latestSendsTo(tx: DbOrTx, mos: ReplyProbe[]): Promise<Map<number, string>> {
  if (!mos.length) return new Map();
  const rows = await planningWithoutSorts(tx, () => tx.execute<{ i: number; id: string }>(latestSendsSql(mos)));
  return new Map(rows.map((r) => [Number(r.i), r.id]));
}

/**
 * Runs latestSendsSql in the caller's transaction with sorting disabled for the planner (see latestSendsSql), then
 * puts the setting back. Exported for the test that reads its plan.
 */
export async function planningWithoutSorts<T>(tx: DbOrTx, run: () => Promise<T>): Promise<T> {
  await tx.execute(sql`set local enable_sort = off`);
  const result = await run();
  await tx.execute(sql`set local enable_sort = default`);
  return result;
}

type ReplyProbe = { i: number; organizationId: string; phone: string; at: Date };

/**
 * How many of the newest deliveries to the phone in_reply_to looks at: the first send in the window is among them
 * unless that many deliveries to the phone were created after the MO arrived (a recurring send's occurrences are a
 * delivery each, all of one send).
 */
const NEWEST_DELIVERIES = 20;
const WINDOW_MS = 7 * 86_400_000;

/**
 * latestSendsTo's one statement (its plan is tested: tests/messaging/inbox-tenant.int.test.ts), the same text for any
 * batch with the MO as one JSON parameter. One probe is planned whatever the batch's size: a statement with a part per
 * MO, each with its values, took longer to plan than to run (each part over every partition from its window's start;
 * 42 ms for a batch of 50 MO with a year of partitions). On a pool that caches plans it is planned once per
 * connection; the connector's pool plans each statement with its values (db/client.ts customPlans), and there the
 * batch's earliest window start, a parameter of its own, prunes the older months' partitions when it is planned. Per
 * MO, its phone's deliveries by the organization from the block of its window's start (D24; pruned further as it
 * runs), newest first, each one's send read by key, until the first send created by the MO's receipt. Not knowing the
 * phone, the planner would rather sort the phone's deliveries than read them in the index's order (it guesses a
 * handful), which for a phone texted every minute is all of its month's; latestSendsTo plans it with sorting disabled
 * (planningWithoutSorts), so that the plan reads each partition's index backwards and stops.
 */
export function latestSendsSql(mos: ReplyProbe[]) {
  const probes = mos.map((m) => ({ i: m.i, o: m.organizationId, p: m.phone, f: blockStartOfDate(new Date(m.at.getTime() - WINDOW_MS)), at: m.at.toISOString() }));
  const earliest = Math.min(...probes.map((p) => p.f));
  const r = messageRecipients;
  return sql`select x.i, n.message_id as id
      from jsonb_to_recordset(${JSON.stringify(probes)}::jsonb) as x(i int, o text, p text, f bigint, at timestamptz)
      cross join lateral (
        select c.message_id, c.created_at from (
          select ${of('r', r.id)}, ${of('r', r.messageId)},
                 (select ${of('m', messages.createdAt)} from ${messages} m where ${of('m', messages.id)} = ${of('r', r.messageId)}) as created_at
            from ${r} r
           where ${of('r', r.organizationId)} = x.o and ${of('r', r.phone)} = x.p and ${of('r', r.id)} >= x.f and ${of('r', r.id)} >= ${earliest}::bigint
           order by ${of('r', r.id)} desc limit ${NEWEST_DELIVERIES}) c
         where c.created_at <= x.at
         order by c.id desc limit 1) n
     where n.created_at > x.at - ${REPLY_WINDOW}`;
}
