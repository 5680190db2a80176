import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { applyCarrierReport, lockDispatches } from '@/server/domain/delivery/carrier-port';
import { inTransaction } from '@/server/lib/after-commit';
import type { Failure } from './connector';
import { arrayLiteral } from '@/server/lib/sql-arrays';

/**
 * Hands an outbox row to the next connector of its route (D14 failover); after
 * the last one, back to the first after a backoff of 2^rounds s (at most 60 s).
 */
export const NEXT_ON_ROUTE = sql.raw(`
  route_idx = case when o.route_idx + 1 < cardinality(o.route) then o.route_idx + 1 else 0 end,
  connector_id = o.route[case when o.route_idx + 1 < cardinality(o.route) then o.route_idx + 2 else 1 end],
  rounds = o.rounds + case when o.route_idx + 1 < cardinality(o.route) then 0 else 1 end,
  next_at = case when o.route_idx + 1 < cardinality(o.route) then now()
                 else now() + least(power(2, o.rounds), 60) * interval '1 second' end,
  assigned_at = now()`);

export type Claimed = { recipientId: number; dispatchId: string; phone: string; body: string; senderId: string | null; doneParts: number[]; udh: Buffer | null };

/**
 * The owner takes up to `limit` due rows of its connector (SKIP LOCKED: never a row another transaction holds), while
 * its lease is live: a claim sent before the database went away and run once it was back, after the lease had lapsed
 * (or gone to a new owner), took rows nobody would send or rows the new owner was sending.
 */
export async function claimOutbox(db: Db, connectorId: string, token: string, limit: number): Promise<Claimed[]> {
  const rows = await db.execute<{ id: number; dispatch_id: string; phone: string; body: string; sender_id: string | null; smpp_udh: string | null; state: string; done: number[] }>(sql`
    with picked as (
      select recipient_id from carrier_outbox
       where connector_id = ${connectorId} and state = 'queued' and claimed_by is null and next_at <= now()
         and exists (select 1 from connector_leases l where l.connector_id = ${connectorId} and l.token = ${token} and l.expires_at > now())
       order by next_at limit ${limit} for update skip locked
    ), claimed as (
      update carrier_outbox o set claimed_by = ${token}, claimed_at = now() from picked
       where o.recipient_id = picked.recipient_id returning o.recipient_id, o.dispatch_id
    )
    select r.id, c.dispatch_id, r.phone, m.body, m.sender_id, m.smpp_udh, r.state,
           array(select p.part_no from carrier_parts p where p.recipient_id = r.id and p.connector_id = ${connectorId}) as done
      from claimed c join message_recipients r on r.id = c.recipient_id join messages m on m.id = r.message_id
     order by r.id`);
  const gone = rows.filter((r) => r.state !== 'processing').map((r) => Number(r.id));
  if (gone.length) await db.execute(sql`delete from carrier_outbox where recipient_id = any(${arrayLiteral(gone)}::bigint[])`);
  return rows
    .filter((r) => r.state === 'processing')
    .map((r) => ({
      recipientId: Number(r.id), dispatchId: r.dispatch_id, phone: r.phone, body: r.body, senderId: r.sender_id, doneParts: r.done.map(Number),
      udh: r.smpp_udh ? Buffer.from(r.smpp_udh, 'hex') : null,
    }));
}

/** Every worker, every second: failover of rows whose connector is not bound, stale claims, validity expiry. */
export async function sweepOutbox(db: Db, now: Date, opts: { graceS: number }): Promise<void> {
  // A connector without a live owner that has a bound session hands its waiting rows to the next one of the route.
  await db.execute(sql`
    update carrier_outbox o set ${NEXT_ON_ROUTE}
     where o.state = 'queued' and o.claimed_by is null and o.next_at <= now()
       and o.assigned_at < now() - make_interval(secs => ${opts.graceS})
       and not exists (select 1 from connector_leases l join connectors k on k.id = l.connector_id
                        where l.connector_id = o.connector_id and l.expires_at > now() and l.bound_sessions > 0 and k.enabled)`);
  // Claims of an owner whose lease is gone (it died, or lost the lease): back to the queue.
  await db.execute(sql`
    update carrier_outbox o set claimed_by = null, claimed_at = null
     where o.state = 'queued' and o.claimed_by is not null
       and not exists (select 1 from connector_leases l where l.token = o.claimed_by and l.expires_at > now())`);
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
  const ofConnector = opts.connectorId ? sql`and connector_id = ${opts.connectorId}` : sql``;
  const due = await db.execute<{ dispatch_id: string }>(sql`
    select distinct dispatch_id from carrier_outbox where expires_at <= ${at}::timestamptz and claimed_by is null ${ofConnector} limit 100`);
  let expired = 0;
  for (const { dispatch_id } of due) {
    expired += await inTransaction(db, async (tx) => {
      const d = (await lockDispatches(tx, [dispatch_id])).get(dispatch_id);
      const gone = await tx.execute<{ recipient_id: number; state: 'queued' | 'sent' }>(sql`
        delete from carrier_outbox where dispatch_id = ${dispatch_id} and expires_at <= ${at}::timestamptz and claimed_by is null ${ofConnector}
        returning recipient_id, state`);
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
