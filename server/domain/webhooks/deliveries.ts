import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '@/db/client';
import { addJob } from '@/server/queue/add-job';
import { afterCommit } from '@/server/lib/after-commit';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { webhookAttempts } from '@/server/metrics/registry';
import type { NextStep } from './retry-policy';
import type { SigningKey } from './signing';
import type { WebhookResult } from './send-webhook';

/**
 * The statements of the delivery loop on webhook_deliveries. Every time is the
 * caller's clock, so a run is consistent with itself; leases (locked_until) let
 * any number of runs share the due deliveries.
 */
/** Key of the deliver_webhooks job that wakes a loop for the next retry (the durable timer behind the notifications). */
export const WAKE_JOB_KEY = 'deliver_webhooks_wake';

/** Channel on which new deliveries wake the worker processes' delivery loops (server/jobs/tasks/deliver-webhooks.ts). */
export const DELIVERIES_CHANNEL = 'webhook_deliveries';

/** Transactions that have kicked already. */
const kicked = new WeakSet<object>();

/**
 * Makes a delivery run happen soon: a NOTIFY on DELIVERIES_CHANNEL, delivered at commit to every worker process,
 * whose loop starts a run (or asks its running one to look again). Not a job: graphile-worker's add_job on the one
 * shared deliver_webhooks key row held that row locked from the kick to the commit, so every transaction that
 * emitted events waited for the one before it to commit (single sends with a webhook ran at 0.42 of the rate
 * without), and each kick was a job to fetch and complete too. A notification nobody hears (no worker listening at
 * that moment) is made up for when a loop starts or re-listens: it runs once then and finds every due delivery.
 * Once per transaction (notifications of one transaction are delivered together anyway).
 */
export async function kickDeliveries(tx: DbOrTx): Promise<void> {
  const inTx = tx instanceof PgTransaction;
  if (inTx && kicked.has(tx)) return;
  await tx.execute(sql`select pg_notify(${DELIVERIES_CHANNEL}, '')`);
  if (inTx) kicked.add(tx);
}

export type ClaimedDelivery = {
  id: string;
  eventId: string;
  organizationId: string;
  url: string;
  attempts: number;
  /** The lease: the run's token, written to locked_until (see claimDue). */
  lockedUntil: string;
  payload: unknown;
  credentials: { username: string; passwordEnc: string | null } | null;
  /** The app's signing secret version (D16). */
  signing: SigningKey;
};

/**
 * Leases up to `limit` due deliveries for one run, fairly: organizations are
 * served round-robin in order of due time, at most `perOrg` deliveries of one
 * organization per call, rows another run holds skipped, and no organization
 * that another run is serving right now (it has live leases that are not
 * ours), so the run that holds an organization alone decides how many of its
 * requests are in flight. `lease` is the run's token: an instant (with
 * microseconds) far enough ahead to outlive the run, written to locked_until;
 * it tells our leases from other runs' and recordAttempts only moves a
 * delivery while it still carries it. `skipOrgs`: organizations the run has
 * enough of already. `held`: how many leased deliveries the run still has
 * queued per organization; when `limit` cuts a round short, the organizations
 * the run holds least of come first (then the oldest due), so a partial round
 * does not always favour the same organization. Each organization's rows are read and locked (FOR UPDATE) only
 * as far as that ranking can reach: a round of `limit` over the organizations plus the most any of them is
 * held, not perOrg of each (EXPLAIN ANALYZE, 11 organizations with a backlog, limit 256: 1,284 rows locked to
 * lease 256). When some organizations have fewer due than a round, the claim may return fewer than `limit`; the
 * next claim takes the rest.
 *
 * Claims are serialized (CLAIM_LOCK, held to the end of the claim's
 * transaction): "served elsewhere" is read from the statement's snapshot, so
 * two claims running at once each saw the other's organizations as free and
 * both leased them, and such an organization had two runs' perOrgCap in
 * flight (tests/webhooks/fairness.int.test.ts). Taken before the statement
 * starts, the lock makes it see every lease committed by an earlier claim.
 */
export async function claimDue(
  db: DbOrTx,
  o: ClaimOptions,
): Promise<ClaimedDelivery[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${CLAIM_LOCK}, 0))`);
    return claimDueLocked(tx, o);
  });
}

/** Advisory lock key that serializes claimDue across runs and processes. */
const CLAIM_LOCK = 'deliver_webhooks_claim';

type ClaimOptions = { now: Date; limit: number; perOrg: number; lease: string; skipOrgs?: string[]; held?: Record<string, number> };

async function claimDueLocked(db: DbOrTx, o: ClaimOptions): Promise<ClaimedDelivery[]> {
  const now = o.now.toISOString();
  const skip = arrayLiteral(o.skipOrgs ?? []);
  const held = JSON.stringify(o.held ?? {});
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
    app_id: string;
    secret_version: number;
    secret_previous_until: string | null;
  }>(sql`
    with recursive pending_orgs as (
      -- The organizations with pending deliveries, one index probe each (pending_org_idx, in its own order).
      (select organization_id from webhook_deliveries where state = 'pending'
        order by organization_id, next_attempt_at, id limit 1)
      union all
      select (select w.organization_id from webhook_deliveries w
               where w.state = 'pending' and w.organization_id > p.organization_id
               order by w.organization_id, w.next_attempt_at, w.id limit 1)
        from pending_orgs p where p.organization_id is not null
    ), due_orgs as (
      select p.organization_id from pending_orgs p
       where p.organization_id is not null and p.organization_id <> all(${skip}::text[])
         and exists (
           select 1 from webhook_deliveries w
            where w.organization_id = p.organization_id and w.state = 'pending' and w.next_attempt_at <= ${now}::timestamptz
              and (w.locked_until is null or w.locked_until < ${now}::timestamptz))
    ), served_elsewhere as (
      select distinct organization_id from webhook_deliveries
       where state = 'pending' and locked_until is not null
         and locked_until >= ${now}::timestamptz and locked_until <> ${o.lease}::timestamptz
         and organization_id in (select organization_id from due_orgs)
    ), open_orgs as (
      select o.organization_id, coalesce((${held}::text::jsonb ->> o.organization_id)::int, 0) as held
        from due_orgs o
       where o.organization_id not in (select organization_id from served_elsewhere)
    ), reach as (
      -- No row ranked past this can be among the first limit when every organization has enough due.
      select ceil(${o.limit}::numeric / greatest(count(*), 1))::int + coalesce(max(held), 0) as rank from open_orgs
    ), picked as (
      select c.id, c.organization_id, c.next_attempt_at, o.held,
             row_number() over (partition by c.organization_id order by c.next_attempt_at, c.id) as rn
        from open_orgs o
       cross join reach
       cross join lateral (
         select w.id, w.organization_id, w.next_attempt_at from webhook_deliveries w
          where w.organization_id = o.organization_id and w.state = 'pending'
            and w.next_attempt_at <= ${now}::timestamptz
            and (w.locked_until is null or w.locked_until < ${now}::timestamptz)
          order by w.next_attempt_at, w.id
          limit least(${o.perOrg}, reach.rank - o.held)
          for update skip locked) c
    ), chosen as (
      select p.id from picked p
       order by p.rn + p.held, p.next_attempt_at, p.id
       limit ${o.limit}
    )
    update webhook_deliveries d
       set locked_until = ${o.lease}::timestamptz, updated_at = ${now}::timestamptz
      from chosen, webhook_events e, gateway_apps a
     where d.id = chosen.id and e.id = d.event_id and a.id = d.app_id
    returning d.id, d.event_id, d.organization_id, d.url, d.attempts, e.payload, d.use_basic_auth, a.webhook_username as username,
              a.webhook_password_enc as password_enc, a.id as app_id, a.webhook_secret_version as secret_version,
              a.webhook_secret_previous_until as secret_previous_until`);
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    organizationId: r.organization_id,
    url: r.url,
    attempts: r.attempts,
    lockedUntil: o.lease,
    payload: r.payload,
    credentials: r.use_basic_auth && r.username ? { username: r.username, passwordEnc: r.password_enc } : null,
    signing: { appId: r.app_id, version: r.secret_version, previousUntil: r.secret_previous_until ? new Date(r.secret_previous_until) : null },
  }));
}

/**
 * A run's lease token: a random instant, to the microsecond, within the second after `at`. Two runs that share a token
 * would take each other's leases for their own (served_elsewhere in claimDue), so the token is drawn from 10^6 values,
 * not from the 10^3 microseconds of `at`'s millisecond: with several runs started in one millisecond (a test's
 * concurrent claims, or graphile-worker starting deliver runs together) 1 in 1,000 pairs collided.
 */
export function leaseToken(at: Date): string {
  const micros = randomInt(1_000_000);
  const t = new Date(at.getTime() + Math.floor(micros / 1000));
  return `${t.toISOString().slice(0, 23)}${String(micros % 1000).padStart(3, '0')}Z`;
}

export type AttemptRecord = { delivery: ClaimedDelivery; attemptedAt: Date; result: WebhookResult; step: NextStep; now: Date };

/**
 * Writes attempts and moves their deliveries, many in one statement. A
 * delivery is only moved while it still carries the run's lease; the attempt
 * is recorded anyway.
 */
export async function recordAttempts(db: DbOrTx, records: AttemptRecord[]): Promise<void> {
  if (!records.length) return;
  const rows = JSON.stringify(
    records.map(({ delivery: d, attemptedAt, result, step, now }) => ({
      id: d.id,
      n: d.attempts + 1,
      s: step.state,
      c: result.statusCode,
      e: result.error,
      next: step.state === 'pending' ? step.nextAttemptAt.toISOString() : null,
      lease: d.lockedUntil,
      at: attemptedAt.toISOString(),
      ms: result.latencyMs,
      b: result.responseBody,
      now: now.toISOString(),
    })),
  );
  await db.execute(sql`
    with r as (
      select * from json_to_recordset(${rows}::json)
        as r(id text, n int, s text, c int, e text, next timestamptz, lease timestamptz, at timestamptz, ms int, b text, now timestamptz)
    ), moved as (
      update webhook_deliveries d
         set attempts = r.n, state = r.s, last_status_code = r.c, last_error = r.e, next_attempt_at = r.next,
             locked_until = null, updated_at = r.now
        from r
       where d.id = r.id and d.state = 'pending' and d.locked_until = r.lease
      returning d.id
    )
    insert into webhook_attempts (delivery_id, attempted_at, status_code, latency_ms, error, response_body)
    select r.id, r.at, r.c, r.ms, r.e, r.b from r`);
  afterCommit(db, () => {
    for (const { step } of records) webhookAttempts.inc({ outcome: step.state === 'pending' ? 'retry' : step.state });
  });
}

/** Gives back leased deliveries a run did not get to (still due; another run can take them at once). */
export async function releaseLeases(db: DbOrTx, ids: string[], lease: string): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    update webhook_deliveries set locked_until = null
     where id = any(${arrayLiteral(ids)}::text[]) and state = 'pending' and locked_until = ${lease}::timestamptz`);
}

/**
 * Gives back every delivery still carrying a run's lease: those it knows of, and those a claim of it leased whose
 * answer never came (the database went away after the commit). Reads the leased rows only (leased_idx).
 */
export async function releaseRunLeases(db: DbOrTx, lease: string): Promise<void> {
  await db.execute(sql`
    update webhook_deliveries set locked_until = null
     where state = 'pending' and locked_until is not null and locked_until = ${lease}::timestamptz`);
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
 * than the caller's `notBefore` floor). New deliveries notify instead (kickDeliveries).
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
