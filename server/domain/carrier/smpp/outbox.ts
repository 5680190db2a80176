import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { failRecipients, loadDispatch, type Loaded } from '@/server/domain/delivery/carrier-steps';
import { finishIfComplete, moveWithEvents } from '@/server/domain/delivery/transitions';
import { afterCommit, inTransaction } from '@/server/lib/after-commit';
import { carrierSubmits } from '@/server/metrics/registry';
import type { Failure } from '@/server/domain/carrier/connector';
import { ids64 } from './sql-arrays';
import { smppFailure } from './status';

/**
 * Hands an outbox row to the next connector of its route (D14 failover); after
 * the last one, back to the first after a backoff of 2^rounds s (at most 60 s).
 */
const NEXT_ON_ROUTE = sql.raw(`
  route_idx = case when o.route_idx + 1 < cardinality(o.route) then o.route_idx + 1 else 0 end,
  connector_id = o.route[case when o.route_idx + 1 < cardinality(o.route) then o.route_idx + 2 else 1 end],
  rounds = o.rounds + case when o.route_idx + 1 < cardinality(o.route) then 0 else 1 end,
  next_at = case when o.route_idx + 1 < cardinality(o.route) then now()
                 else now() + least(power(2, o.rounds), 60) * interval '1 second' end,
  assigned_at = now()`);

export type Claimed = { recipientId: number; dispatchId: string; phone: string; body: string; senderId: string | null; doneParts: number[]; udh: Buffer | null };

/** The owner takes up to `limit` due rows of its connector (SKIP LOCKED: never a row another transaction holds). */
export async function claimOutbox(db: Db, connectorId: string, token: string, limit: number): Promise<Claimed[]> {
  const rows = await db.execute<{ id: number; dispatch_id: string; phone: string; body: string; sender_id: string | null; smpp_udh: string | null; state: string; done: number[] }>(sql`
    with picked as (
      select recipient_id from carrier_outbox
       where connector_id = ${connectorId} and state = 'queued' and claimed_by is null and next_at <= now()
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
  if (gone.length) await db.execute(sql`delete from carrier_outbox where recipient_id = any(${ids64(gone)})`);
  return rows
    .filter((r) => r.state === 'processing')
    .map((r) => ({
      recipientId: Number(r.id), dispatchId: r.dispatch_id, phone: r.phone, body: r.body, senderId: r.sender_id, doneParts: r.done.map(Number),
      udh: r.smpp_udh ? Buffer.from(r.smpp_udh, 'hex') : null,
    }));
}

export type AcceptedPart = { recipientId: number; partNo: number; partsTotal: number; messageId: string };
export type Outcome = { recipientId: number; dispatchId: string } & (
  | { kind: 'sent' }
  | { kind: 'retry' }
  | { kind: 'fail'; status: number }
  | { kind: 'release' }
);
export type ConnectorRef = { id: string; name: string; validityS: number };

/** Locks the dispatches first, in id order (every writer of outbox rows does the same: no deadlock). */
async function lockDispatches(tx: DbOrTx, ids: string[]): Promise<Map<string, Loaded>> {
  const out = new Map<string, Loaded>();
  for (const id of [...new Set(ids)].sort()) {
    const d = await loadDispatch(tx, id);
    if (d) out.set(id, d);
  }
  return out;
}

/**
 * Records what the SMSC answered, in one transaction: accepted parts; `sent` (every part accepted) moves the
 * recipient processing -> sent with sms.sent; `retry` hands it to the next connector of its route (or, past the
 * last, back to the first after a backoff of 2^rounds s, at most 60 s); `fail` fails it with SMPP_<STATUS>;
 * `release` gives an unanswered row back to the queue of the same connector.
 */
export async function settleOutcomes(db: Db, c: ConnectorRef, parts: AcceptedPart[], outcomes: Outcome[], now: Date): Promise<void> {
  if (!parts.length && !outcomes.length) return;
  await inTransaction(db, async (tx) => {
    afterCommit(tx, () => {
      const byKind = new Map<Outcome['kind'], number>();
      for (const o of outcomes) byKind.set(o.kind, (byKind.get(o.kind) ?? 0) + 1);
      for (const [outcome, n] of byKind) carrierSubmits.inc({ connector: c.name, outcome }, n);
    });
    const dispatches = await lockDispatches(tx, outcomes.filter((o) => o.kind === 'sent' || o.kind === 'fail').map((o) => o.dispatchId));
    if (parts.length) {
      await tx.execute(sql`
        insert into carrier_parts (recipient_id, connector_id, part_no, parts_total, carrier_message_id)
        select x.recipient_id, ${c.id}, x.part_no, x.parts_total, x.message_id
          from json_to_recordset(${JSON.stringify(parts.map((p) => ({ recipient_id: p.recipientId, part_no: p.partNo, parts_total: p.partsTotal, message_id: p.messageId })))}::json)
               as x(recipient_id bigint, part_no int, parts_total int, message_id text)
        on conflict do nothing`);
    }
    const ids = (kind: Outcome['kind']) => outcomes.filter((o) => o.kind === kind).map((o) => o.recipientId);

    // The first part's id: from this flush's parts when part 1 is among them (a one-part message), else as stored.
    const firstOf = new Map(parts.filter((p) => p.partNo === 1).map((p) => [p.recipientId, p.messageId]));
    const sentIds = ids('sent');
    const sentRows = JSON.stringify(sentIds.map((id) => ({ recipient_id: id, first_id: firstOf.get(id) ?? null })));
    const sent = !sentIds.length ? [] : await tx.execute<{ recipient_id: number; dispatch_id: string; first_id: string | null }>(sql`
      update carrier_outbox o set state = 'sent', claimed_by = null, claimed_at = null, expires_at = now() + make_interval(secs => ${c.validityS})
        from jsonb_to_recordset(${sentRows}::jsonb) as x(recipient_id bigint, first_id text)
       where o.recipient_id = x.recipient_id and o.connector_id = ${c.id} and o.state = 'queued'
      returning o.recipient_id, o.dispatch_id,
        coalesce(x.first_id, (select p.carrier_message_id from carrier_parts p
                               where p.recipient_id = o.recipient_id and p.connector_id = o.connector_id order by p.part_no limit 1)) as first_id`);
    for (const [dispatchId, rows] of groupBy(sent, (r) => r.dispatch_id)) {
      const d = dispatches.get(dispatchId);
      if (!d) continue;
      // (the move, its sms.sent events and the message's updated_at in one statement)
      await moveWithEvents(tx, d.ref, { from: 'processing', to: 'sent', type: 'sms.sent' },
        rows.map((r) => ({ id: Number(r.recipient_id), carrier: c.name, carrierMessageId: r.first_id, extra: { carrier_message_id: r.first_id ?? null } })), now);
    }

    // (a statement only for the kinds present: each is a round trip inside the transaction)
    const retried = !ids('retry').length ? [] : await tx.execute<{ recipient_id: number; connector_id: string }>(sql`
      update carrier_outbox o set ${NEXT_ON_ROUTE}, claimed_by = null, claimed_at = null
       where o.recipient_id = any(${ids64(ids('retry'))}) and o.connector_id = ${c.id} and o.state = 'queued'
      returning o.recipient_id, o.connector_id`);
    const movedAway = retried.filter((r) => r.connector_id !== c.id).map((r) => Number(r.recipient_id));
    if (movedAway.length) {
      // The next connector gets the whole message again: parts this one accepted are forgotten.
      await tx.execute(sql`delete from carrier_parts where connector_id = ${c.id} and recipient_id = any(${ids64(movedAway)})`);
    }

    const failedRows = !ids('fail').length ? [] : await tx.execute<{ recipient_id: number; dispatch_id: string }>(sql`
      delete from carrier_outbox where recipient_id = any(${ids64(ids('fail'))}) and connector_id = ${c.id} and state = 'queued'
      returning recipient_id, dispatch_id`);
    const statusOf = new Map(outcomes.flatMap((o) => (o.kind === 'fail' ? [[o.recipientId, o.status] as const] : [])));
    for (const [dispatchId, rows] of groupBy(failedRows, (r) => r.dispatch_id)) {
      const d = dispatches.get(dispatchId);
      if (!d) continue;
      await failRecipients(tx, d, 'processing', rows.map((r) => ({ id: Number(r.recipient_id), carrier: c.name, failure: smppFailure(statusOf.get(Number(r.recipient_id))!) })), now);
      await finishIfComplete(tx, d.ref, now);
    }

    if (ids('release').length) await tx.execute(sql`
      update carrier_outbox set claimed_by = null, claimed_at = null
       where recipient_id = any(${ids64(ids('release'))}) and connector_id = ${c.id} and state = 'queued'`);
  });
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

/** Rows past their validity: queued ones (never accepted) and sent ones (no final receipt) fail EXPIRED. */
export async function expireOutbox(db: Db, now: Date): Promise<void> {
  const due = await db.execute<{ dispatch_id: string }>(sql`
    select distinct dispatch_id from carrier_outbox where expires_at <= now() and claimed_by is null limit 100`);
  for (const { dispatch_id } of due) {
    await inTransaction(db, async (tx) => {
      const d = await loadDispatch(tx, dispatch_id);
      const gone = await tx.execute<{ recipient_id: number; state: 'queued' | 'sent' }>(sql`
        delete from carrier_outbox where dispatch_id = ${dispatch_id} and expires_at <= now() and claimed_by is null
        returning recipient_id, state`);
      if (!d) return;
      await failRecipients(tx, d, 'processing', gone.filter((g) => g.state === 'queued').map((g) => ({ id: Number(g.recipient_id), carrier: null, failure: EXPIRED_QUEUED })), now);
      await failRecipients(tx, d, 'sent', gone.filter((g) => g.state === 'sent').map((g) => ({ id: Number(g.recipient_id), carrier: null, failure: EXPIRED })), now);
      await finishIfComplete(tx, d.ref, now);
    });
  }
}

export function groupBy<T>(rows: T[], key: (r: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = m.get(k);
    if (list) list.push(r);
    else m.set(k, [r]);
  }
  return m;
}
