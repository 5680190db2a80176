import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { addJob } from '@/server/jobs/add-job';
import type { NextStep } from './retry-policy';
import type { WebhookResult } from './send-webhook';

/**
 * The statements of the delivery loop on webhook_deliveries. Every time is the
 * caller's clock, so a run is consistent with itself; leases (locked_until) let
 * any number of runs share the due deliveries.
 */
export const DELIVER_JOB_KEY = 'deliver_webhooks';
/** Key of the job that wakes the loop for the next retry (kept apart so it never delays DELIVER_JOB_KEY). */
export const WAKE_JOB_KEY = 'deliver_webhooks_wake';

/** Makes a deliver_webhooks run happen soon; a pending one keeps its (earlier) run_at. */
export async function kickDeliveries(tx: DbOrTx): Promise<void> {
  await addJob(tx, 'deliver_webhooks', {}, { jobKey: DELIVER_JOB_KEY, jobKeyMode: 'preserve_run_at' });
}

export type ClaimedDelivery = {
  id: string;
  eventId: string;
  organizationId: string;
  url: string;
  attempts: number;
  lockedUntil: string;
  payload: unknown;
  credentials: { username: string; passwordEnc: string | null } | null;
};

/**
 * Leases up to `limit` due deliveries, fairly: at most `perOrg` leased per
 * organization at any moment (counting leases of every run), taken round-robin
 * across organizations in order of due time, rows another run holds skipped.
 */
export async function claimDue(db: DbOrTx, o: { now: Date; limit: number; perOrg: number; leaseMs: number }): Promise<ClaimedDelivery[]> {
  const now = o.now.toISOString();
  const until = new Date(o.now.getTime() + o.leaseMs).toISOString();
  const rows = await db.execute<{
    id: string;
    event_id: string;
    organization_id: string;
    url: string;
    attempts: number;
    payload: unknown;
    use_basic_auth: boolean;
    username: string | null;
    password_enc: string | null;
  }>(sql`
    with due_orgs as (
      select distinct organization_id from webhook_deliveries
       where state = 'pending' and next_attempt_at <= ${now}::timestamptz
         and (locked_until is null or locked_until < ${now}::timestamptz)
    ), busy as (
      select organization_id, count(*)::int as n from webhook_deliveries
       where state = 'pending' and locked_until >= ${now}::timestamptz
         and organization_id in (select organization_id from due_orgs)
       group by organization_id
    ), picked as (
      select c.id, c.organization_id, c.next_attempt_at,
             row_number() over (partition by c.organization_id order by c.next_attempt_at, c.id) as rn
        from due_orgs o
       cross join lateral (
         select w.id, w.organization_id, w.next_attempt_at from webhook_deliveries w
          where w.organization_id = o.organization_id and w.state = 'pending'
            and w.next_attempt_at <= ${now}::timestamptz
            and (w.locked_until is null or w.locked_until < ${now}::timestamptz)
          order by w.next_attempt_at, w.id
          limit ${o.perOrg}
          for update skip locked) c
    ), chosen as (
      select p.id from picked p left join busy b using (organization_id)
       where p.rn <= ${o.perOrg} - coalesce(b.n, 0)
       order by p.rn, p.next_attempt_at, p.id
       limit ${o.limit}
    )
    update webhook_deliveries d
       set locked_until = ${until}::timestamptz, updated_at = ${now}::timestamptz
      from chosen, webhook_events e, gateway_apps a
     where d.id = chosen.id and e.id = d.event_id and a.id = d.app_id
    returning d.id, d.event_id, d.organization_id, d.url, d.attempts, e.payload, d.use_basic_auth, a.webhook_username as username, a.webhook_password_enc as password_enc`);
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    organizationId: r.organization_id,
    url: r.url,
    attempts: r.attempts,
    lockedUntil: until,
    payload: r.payload,
    credentials: r.use_basic_auth && r.username ? { username: r.username, passwordEnc: r.password_enc } : null,
  }));
}

/**
 * Writes the attempt and moves the delivery, in one statement. The delivery is
 * only moved while this run still holds its lease; the attempt is recorded anyway.
 */
export async function recordAttempt(
  db: DbOrTx,
  d: ClaimedDelivery,
  a: { attemptedAt: Date; result: WebhookResult; step: NextStep; now: Date },
): Promise<void> {
  const next = a.step.state === 'pending' ? a.step.nextAttemptAt.toISOString() : null;
  await db.execute(sql`
    with moved as (
      update webhook_deliveries
         set attempts = ${d.attempts + 1}, state = ${a.step.state}, last_status_code = ${a.result.statusCode},
             last_error = ${a.result.error}, next_attempt_at = ${next}::timestamptz, locked_until = null,
             updated_at = ${a.now.toISOString()}::timestamptz
       where id = ${d.id} and state = 'pending' and locked_until = ${d.lockedUntil}::timestamptz
      returning id
    )
    insert into webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, error)
    values (${d.id}, ${a.attemptedAt.toISOString()}::timestamptz, ${a.result.statusCode}, ${a.result.latencyMs}, ${a.result.error})`);
}

/** When the next pending delivery can be worked on (a lease held by a run that died counts from its expiry). */
export async function nextWakeAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await db.execute<{ at: string | null }>(sql`
    select min(greatest(next_attempt_at, coalesce(locked_until, next_attempt_at))) as at
      from webhook_deliveries where state = 'pending'`);
  return row?.at ? new Date(row.at) : null;
}

/**
 * Re-enqueues the loop for the earliest pending delivery, not before `notBefore`.
 * The advisory lock serializes these wake-ups, so the last one written saw every
 * retry written before it: a wake-up never pushes a needed one later (by more
 * than the caller's `notBefore` floor). New deliveries use DELIVER_JOB_KEY instead.
 */
export async function scheduleWake(db: Db, notBefore: Date): Promise<Date | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${WAKE_JOB_KEY}, 0))`);
    const at = await nextWakeAt(tx);
    if (!at) return null;
    const runAt = at.getTime() > notBefore.getTime() ? at : notBefore;
    await addJob(tx, 'deliver_webhooks', {}, { runAt, jobKey: WAKE_JOB_KEY });
    return runAt;
  });
}
