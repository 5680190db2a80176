import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import {
  carrierOutbox as outbox,
  carrierParts as parts,
  connectorLeases as leases,
  connectors,
  messageRecipients as recipients,
  messages,
} from '@/db/schema';
import { applyCarrierReport, lockDispatches } from '@/server/domain/delivery/carrier-port';
import { inTransaction } from '@/server/lib/after-commit';
import type { Failure } from './connector';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { inIdRange } from '@/server/domain/delivery/recipient-blocks';
import { firstIdsOfRecipients, sendTextOf } from '@/server/domain/messages/texts';
import { name, of } from '@/server/lib/sql-names';

/** The outbox row `o` is not on its route's last connector. */
const notLast = sql`${of('o', outbox.routeIdx)} + 1 < cardinality(${of('o', outbox.route)})`;

/**
 * Hands an outbox row to the next connector of its route (D14 failover); after
 * the last one, back to the first after a backoff of 2^rounds s (at most 60 s).
 */
export const NEXT_ON_ROUTE = sql`
  ${name(outbox.routeIdx)} = case when ${notLast} then ${of('o', outbox.routeIdx)} + 1 else 0 end,
  ${name(outbox.connectorId)} = ${of('o', outbox.route)}[case when ${notLast} then ${of('o', outbox.routeIdx)} + 2 else 1 end],
  ${name(outbox.rounds)} = ${of('o', outbox.rounds)} + case when ${notLast} then 0 else 1 end,
  ${name(outbox.nextAt)} = case when ${notLast} then now()
                 else now() + least(power(2, ${of('o', outbox.rounds)}), 60) * interval '1 second' end,
  ${name(outbox.assignedAt)} = now()`;

export type Claimed = { recipientId: number; dispatchId: string; phone: string; body: string; senderId: string | null; doneParts: number[]; udh: Buffer | null };

/**
 * The owner takes up to `limit` due rows of its connector (SKIP LOCKED: never a row another transaction holds), while
 * its lease is live: a claim sent before the database went away and run once it was back, after the lease had lapsed
 * (or gone to a new owner), took rows nobody would send or rows the new owner was sending. Then, in a second
 * statement, what sending them needs (phone, text, parts already accepted), read by the claimed ids given as
 * parameters: the partitions of other id blocks are pruned when it is planned (D24), where a join from the claim
 * into message_recipients and carrier_parts planned every month's partition of both at each claim; the texts by
 * their sends' first recipient ids, bounded from the same ids.
 */
export async function claimOutbox(db: Db, connectorId: string, token: string, limit: number): Promise<Claimed[]> {
  const claimed = await db.execute<{ recipient_id: number; dispatch_id: string }>(sql`
    with picked as (
      select ${outbox.recipientId} from ${outbox}
       where ${outbox.connectorId} = ${connectorId} and ${outbox.state} = 'queued' and ${outbox.claimedBy} is null and ${outbox.nextAt} <= now()
         and exists (select 1 from ${leases} l where ${of('l', leases.connectorId)} = ${connectorId} and ${of('l', leases.token)} = ${token}
                        and ${of('l', leases.expiresAt)} > now())
       order by ${outbox.nextAt} limit ${limit} for update skip locked
    )
    update ${outbox} o set ${name(outbox.claimedBy)} = ${token}, ${name(outbox.claimedAt)} = now() from picked
     where ${of('o', outbox.recipientId)} = picked.recipient_id returning ${of('o', outbox.recipientId)}, ${of('o', outbox.dispatchId)}`);
  if (!claimed.length) return [];
  const ids = claimed.map((c) => Number(c.recipient_id));
  const dispatchOf = new Map(claimed.map((c) => [Number(c.recipient_id), c.dispatch_id]));
  // (a text the retention dropped: its send is older than any validity, so its recipient is no longer processing)
  const rows = await db.execute<{ id: number; phone: string; body: string; sender_id: string | null; smpp_udh: string | null; state: string; done: number[] }>(sql`
    select ${of('r', recipients.id)}, ${of('r', recipients.phone)}, ${sendTextOf('m', firstIdsOfRecipients(Math.min(...ids), Math.max(...ids)))} as body, ${of('m', messages.senderId)},
           ${of('m', messages.smppUdh)}, ${of('r', recipients.state)},
           array(select ${of('p', parts.partNo)} from ${parts} p
                  where ${of('p', parts.recipientId)} = ${of('r', recipients.id)} and ${of('p', parts.connectorId)} = ${connectorId}
                    and ${inIdRange(sql`${of('p', parts.recipientId)}`, ids)}) as done
      from ${recipients} r join ${messages} m on ${of('m', messages.id)} = ${of('r', recipients.messageId)}
     where ${of('r', recipients.id)} = any(${arrayLiteral(ids)}::bigint[]) and ${inIdRange(sql`${of('r', recipients.id)}`, ids)}
     order by ${of('r', recipients.id)}`);
  // a claimed row whose recipient is no longer processing (or is gone) is not sent: its outbox row goes
  const sending = new Set(rows.filter((r) => r.state === 'processing').map((r) => Number(r.id)));
  const gone = ids.filter((id) => !sending.has(id));
  if (gone.length) await db.execute(sql`delete from ${outbox} where ${outbox.recipientId} = any(${arrayLiteral(gone)}::bigint[])`);
  return rows
    .filter((r) => r.state === 'processing')
    .map((r) => ({
      recipientId: Number(r.id), dispatchId: dispatchOf.get(Number(r.id))!, phone: r.phone, body: r.body, senderId: r.sender_id, doneParts: r.done.map(Number),
      udh: r.smpp_udh ? Buffer.from(r.smpp_udh, 'hex') : null,
    }));
}

/** Every worker, every second: failover of rows whose connector is not bound, stale claims, validity expiry. */
export async function sweepOutbox(db: Db, now: Date, opts: { graceS: number }): Promise<void> {
  // A connector without a live owner that has a bound session hands its waiting rows to the next one of the route.
  await db.execute(sql`
    update ${outbox} o set ${NEXT_ON_ROUTE}
     where ${of('o', outbox.state)} = 'queued' and ${of('o', outbox.claimedBy)} is null and ${of('o', outbox.nextAt)} <= now()
       and ${of('o', outbox.assignedAt)} < now() - make_interval(secs => ${opts.graceS})
       and not exists (select 1 from ${leases} l join ${connectors} k on ${of('k', connectors.id)} = ${of('l', leases.connectorId)}
                        where ${of('l', leases.connectorId)} = ${of('o', outbox.connectorId)} and ${of('l', leases.expiresAt)} > now()
                          and ${of('l', leases.boundSessions)} > 0 and ${of('k', connectors.enabled)})`);
  // Claims of an owner whose lease is gone (it died, or lost the lease): back to the queue.
  await db.execute(sql`
    update ${outbox} o set ${name(outbox.claimedBy)} = null, ${name(outbox.claimedAt)} = null
     where ${of('o', outbox.state)} = 'queued' and ${of('o', outbox.claimedBy)} is not null
       and not exists (select 1 from ${leases} l where ${of('l', leases.token)} = ${of('o', outbox.claimedBy)} and ${of('l', leases.expiresAt)} > now())`);
  await expireOutbox(db, now);
}

const EXPIRED: Failure = { errorCode: 'EXPIRED', errorMessage: 'No delivery receipt before the validity period expired.', retryable: true };
const EXPIRED_QUEUED: Failure = { errorCode: 'EXPIRED', errorMessage: 'No connector accepted the message before the validity period expired.', retryable: true };

/**
 * Rows past their validity (of every connector, or of one): queued ones (never accepted) and sent ones (no final
 * receipt) fail EXPIRED. Returns how many rows it expired.
 */
export async function expireOutbox(db: Db, now: Date, opts: { connectorId?: string } = {}): Promise<number> {
  const at = now.toISOString();
  const ofConnector = opts.connectorId ? sql`and ${outbox.connectorId} = ${opts.connectorId}` : sql``;
  const due = await db.execute<{ dispatch_id: string }>(sql`
    select distinct ${outbox.dispatchId} from ${outbox} where ${outbox.expiresAt} <= ${at}::timestamptz and ${outbox.claimedBy} is null ${ofConnector} limit 100`);
  let expired = 0;
  for (const { dispatch_id } of due) {
    expired += await inTransaction(db, async (tx) => {
      const d = (await lockDispatches(tx, [dispatch_id])).get(dispatch_id);
      const gone = await tx.execute<{ recipient_id: number; state: 'queued' | 'sent' }>(sql`
        delete from ${outbox} where ${outbox.dispatchId} = ${dispatch_id} and ${outbox.expiresAt} <= ${at}::timestamptz and ${outbox.claimedBy} is null ${ofConnector}
        returning ${name(outbox.recipientId)}, ${name(outbox.state)}`);
      if (!d) return gone.length;
      // never accepted: refused (and refunded); accepted without a final receipt: failed and charged
      await applyCarrierReport(tx, d, {
        refused: gone.filter((g) => g.state === 'queued').map((g) => ({ recipientId: Number(g.recipient_id), carrier: null, failure: EXPIRED_QUEUED })),
        receipts: gone.filter((g) => g.state === 'sent').map((g) => ({ recipientId: Number(g.recipient_id), delivered: false, ...EXPIRED })),
      }, now);
      return gone.length;
    });
  }
  return expired;
}
