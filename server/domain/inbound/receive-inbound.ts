import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages, type InboundEncoding } from '@/db/schema';
import { queueInboundForSmpp } from '@/server/domain/smpp-access/inbound';
import { emitInboundEvents } from '@/server/domain/webhooks/inbound-events';
import { afterCommit } from '@/server/lib/after-commit';
import { newId } from '@/server/lib/ids';
import { inboundMessagesReceived } from '@/server/metrics/registry';
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
 * SMPP credentials is also queued, in the same transaction, for the app's merchant SMPP sessions (D18). Unrouted MO
 * are stored without an event (no organization) and counted.
 */
export async function receiveInbound(tx: DbOrTx, mos: InboundReport[], now: Date): Promise<ReceivedInbound[]> {
  const out: ReceivedInbound[] = [];
  const forSmpp: Array<{ inboundId: string; appId: string }> = [];
  for (const mo of mos) {
    const { smpp, ...r } = await receiveOne(tx, mo, now);
    out.push(r);
    if (smpp) forSmpp.push({ inboundId: r.inboundId, appId: r.appId! });
  }
  await queueInboundForSmpp(tx, forSmpp, now);
  afterCommit(tx, () => {
    const routed = out.filter((r) => r.organizationId !== null).length;
    if (routed) inboundMessagesReceived.inc({ routed: 'yes' }, routed);
    if (out.length - routed) inboundMessagesReceived.inc({ routed: 'no' }, out.length - routed);
  });
  return out;
}

async function receiveOne(tx: DbOrTx, mo: InboundReport, now: Date): Promise<ReceivedInbound & { smpp: boolean }> {
  const route = await routeInbound(tx, mo.to, mo.text);
  const id = newId('in');
  const inReplyTo = route ? await latestSendTo(tx, route.organizationId, mo.from, mo.receivedAt) : null;
  const row = {
    id,
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
    inReplyTo,
    optOut: null,
  };
  await tx.insert(inboundMessages).values(row);
  if (route) {
    await emitInboundEvents(tx, [{ eventType: 'sms.received', organizationId: route.organizationId, appId: route.appId, inboundId: id, data: toReceivedData(row), at: now }], { now });
  }
  return { inboundId: id, organizationId: row.organizationId, appId: row.appId, smpp: route?.smpp ?? false };
}

/**
 * The organization's latest send (by its creation) to `phone` in the 7 days up to `at`: what an MO from that phone
 * replies to. Read through message_recipients_phone_idx (every send to that phone), then each send's row by key.
 */
export async function latestSendTo(tx: DbOrTx, organizationId: string, phone: string, at: Date): Promise<string | null> {
  const [row] = await tx.execute<{ id: string }>(sql`
    select m.id from message_recipients r join messages m on m.id = r.message_id
     where r.phone = ${phone} and m.organization_id = ${organizationId}
       and m.created_at > ${at.toISOString()}::timestamptz - ${REPLY_WINDOW} and m.created_at <= ${at.toISOString()}::timestamptz
     order by m.created_at desc, m.id desc limit 1`);
  return row?.id ?? null;
}
