import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages, messageRecipients, messages, type InboundEncoding } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import { blockStartOf } from '@/server/domain/delivery/recipient-blocks';
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
 * For each MO (by its index), the organization's latest send (by its creation) to the MO's sender in the 7 days up to
 * its receipt: what it replies to. One statement; per MO, read through message_recipients_org_phone_idx (the
 * organization's sends to that phone, D24), then each send's row by key. Only the recipients' partitions of the
 * window's months are read (their ids from the block of the window's start): unbounded, a phone the organization sent
 * to every day for a year had its whole year read, every month's partition, and the planner's way round (the
 * organization's sends of the week, each probed for the phone in every partition) cost as much: 194 ms an MO batch
 * at 1 million recipients in the growth bench. A send made before migration 0044 (ids below every block) is no longer
 * found, for the 7 days after the upgrade.
 */
async function latestSendsTo(tx: DbOrTx, mos: ReplyProbe[]): Promise<Map<number, string>> {
  if (!mos.length) return new Map();
  const rows = await tx.execute<{ i: number; id: string }>(latestSendsSql(mos));
  return new Map(rows.map((r) => [Number(r.i), r.id]));
}

type ReplyProbe = { i: number; organizationId: string; phone: string; at: Date };

/** latestSendsTo's one statement (its plan is tested: tests/messaging/inbox-tenant.int.test.ts). */
export function latestSendsSql(mos: ReplyProbe[]) {
  const input = JSON.stringify(mos.map((m) => ({ i: m.i, o: m.organizationId, p: m.phone, at: m.at.toISOString() })));
  return sql`
    select x.i, s.id from jsonb_to_recordset(${input}::jsonb) as x(i int, o text, p text, at timestamptz)
     cross join lateral (select ${of('m', messages.id)} from ${messageRecipients} r join ${messages} m on ${of('m', messages.id)} = ${of('r', messageRecipients.messageId)}
                          where ${of('r', messageRecipients.organizationId)} = x.o and ${of('r', messageRecipients.phone)} = x.p and ${of('m', messages.organizationId)} = x.o
                            and ${of('r', messageRecipients.id)} >= ${blockStartOf(sql`x.at - ${REPLY_WINDOW}`)}
                            and ${of('m', messages.createdAt)} > x.at - ${REPLY_WINDOW} and ${of('m', messages.createdAt)} <= x.at
                          order by ${of('m', messages.createdAt)} desc, ${of('m', messages.id)} desc limit 1) s`;
}
