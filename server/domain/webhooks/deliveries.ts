import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '@/db/client';
import { gatewayApps as apps, webhookAttempts as attempts, webhookDeliveries as deliveries, webhookEvents as events } from '@/db/schema';
import { addJob } from '@/server/queue/add-job';
import { afterCommit } from '@/server/lib/after-commit';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';
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
  if (tx instanceof PgTransaction) {
    // marked before the statement is issued: the sends of a group commit (server/lib/group-commit.ts) kick
    // concurrently in one transaction, and each would otherwise find it not kicked yet
    if (kicked.has(tx)) return;
    kicked.add(tx);
  }
  await tx.execute(sql`select pg_notify(${DELIVERIES_CHANNEL}, '')`);
}

export type ClaimedDelivery = {
  id: string;
  eventId: string;
  organizationId: string;
  url: string;
  attempts: number;
  /** The lease: the run's token, written to locked_until (see claimDue). */
  lockedUntil: string;
  /** Its partition month (D24, as Postgres prints it): the attempt's record finds the row in its one partition. */
  partitionMonth: string;
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
 * The rows are read through each partition's indexes (D24: a month's partition holds the deliveries of that month's
 * events; the pending ones are nearly all in the newest), and the lease's UPDATE names each chosen row with its
 * partition_month, so that it probes one partition's primary key per row, not every partition's; the event's payload
 * is read the same way (an event and its deliveries share the month).
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
    partition_month: string;
  }>(sql`
    with recursive pending_orgs as (
      -- The organizations with pending deliveries, one index probe each (pending_org_idx, in its own order).
      (select ${deliveries.organizationId} from ${deliveries} where ${deliveries.state} = 'pending'
        order by ${deliveries.organizationId}, ${deliveries.nextAttemptAt}, ${deliveries.id} limit 1)
      union all
      select (select ${of('w', deliveries.organizationId)} from ${deliveries} w
               where ${of('w', deliveries.state)} = 'pending' and ${of('w', deliveries.organizationId)} > p.organization_id
               order by ${of('w', deliveries.organizationId)}, ${of('w', deliveries.nextAttemptAt)}, ${of('w', deliveries.id)} limit 1)
        from pending_orgs p where p.organization_id is not null
    ), due_orgs as (
      select p.organization_id from pending_orgs p
       where p.organization_id is not null and p.organization_id <> all(${skip}::text[])
         and exists (
           select 1 from ${deliveries} w
            where ${of('w', deliveries.organizationId)} = p.organization_id and ${of('w', deliveries.state)} = 'pending'
              and ${of('w', deliveries.nextAttemptAt)} <= ${now}::timestamptz
              and (${of('w', deliveries.lockedUntil)} is null or ${of('w', deliveries.lockedUntil)} < ${now}::timestamptz))
    ), served_elsewhere as (
      select distinct ${deliveries.organizationId} from ${deliveries}
       where ${deliveries.state} = 'pending' and ${deliveries.lockedUntil} is not null
         and ${deliveries.lockedUntil} >= ${now}::timestamptz and ${deliveries.lockedUntil} <> ${o.lease}::timestamptz
         and ${deliveries.organizationId} in (select organization_id from due_orgs)
    ), open_orgs as (
      select o.organization_id, coalesce((${held}::text::jsonb ->> o.organization_id)::int, 0) as held
        from due_orgs o
       where o.organization_id not in (select organization_id from served_elsewhere)
    ), reach as (
      -- No row ranked past this can be among the first limit when every organization has enough due.
      select ceil(${o.limit}::numeric / greatest(count(*), 1))::int + coalesce(max(held), 0) as rank from open_orgs
    ), picked as (
      select ${of('c', deliveries.id)}, ${of('c', deliveries.partitionMonth)}, ${of('c', deliveries.organizationId)}, ${of('c', deliveries.nextAttemptAt)}, o.held,
             row_number() over (partition by ${of('c', deliveries.organizationId)} order by ${of('c', deliveries.nextAttemptAt)}, ${of('c', deliveries.id)}) as rn
        from open_orgs o
       cross join reach
       cross join lateral (
         select ${of('w', deliveries.id)}, ${of('w', deliveries.partitionMonth)}, ${of('w', deliveries.organizationId)}, ${of('w', deliveries.nextAttemptAt)}
           from ${deliveries} w
          where ${of('w', deliveries.organizationId)} = o.organization_id and ${of('w', deliveries.state)} = 'pending'
            and ${of('w', deliveries.nextAttemptAt)} <= ${now}::timestamptz
            and (${of('w', deliveries.lockedUntil)} is null or ${of('w', deliveries.lockedUntil)} < ${now}::timestamptz)
          order by ${of('w', deliveries.nextAttemptAt)}, ${of('w', deliveries.id)}
          limit least(${o.perOrg}, reach.rank - o.held)
          for update skip locked) c
    ), chosen as (
      select p.id, p.partition_month from picked p
       order by p.rn + p.held, p.next_attempt_at, p.id
       limit ${o.limit}
    )
    update ${deliveries} d
       set ${name(deliveries.lockedUntil)} = ${o.lease}::timestamptz, ${name(deliveries.updatedAt)} = ${now}::timestamptz
      from chosen, ${events} e, ${apps} a
     where ${of('d', deliveries.id)} = chosen.id and ${of('d', deliveries.partitionMonth)} = chosen.partition_month
       and ${of('e', events.id)} = ${of('d', deliveries.eventId)} and ${of('e', events.partitionMonth)} = ${of('d', deliveries.partitionMonth)}
       and ${of('a', apps.id)} = ${of('d', deliveries.appId)}
    returning ${of('d', deliveries.id)}, ${of('d', deliveries.eventId)}, ${of('d', deliveries.organizationId)}, ${of('d', deliveries.url)},
              ${of('d', deliveries.attempts)}, ${of('e', events.payload)}, ${of('d', deliveries.useBasicAuth)}, ${of('a', apps.webhookUsername)} as username,
              ${of('a', apps.webhookPasswordEnc)} as password_enc, ${of('a', apps.id)} as app_id, ${of('a', apps.webhookSecretVersion)} as secret_version,
              ${of('a', apps.webhookSecretPreviousUntil)} as secret_previous_until, ${of('d', deliveries.partitionMonth)}::text as partition_month`);
  return rows.map((r) => ({
    id: r.id,
    eventId: r.event_id,
    organizationId: r.organization_id,
    url: r.url,
    attempts: r.attempts,
    lockedUntil: o.lease,
    partitionMonth: r.partition_month,
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
 * is recorded anyway. Each delivery is found by id in its partition (D24: its partition_month, as claimed).
 */
export async function recordAttempts(db: DbOrTx, records: AttemptRecord[]): Promise<void> {
  if (!records.length) return;
  const rows = JSON.stringify(
    records.map(({ delivery: d, attemptedAt, result, step, now }) => ({
      id: d.id,
      pm: d.partitionMonth,
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
        as r(id text, pm timestamptz, n int, s text, c int, e text, next timestamptz, lease timestamptz, at timestamptz, ms int, b text, now timestamptz)
    ), moved as (
      update ${deliveries} d
         set ${name(deliveries.attempts)} = r.n, ${name(deliveries.state)} = r.s, ${name(deliveries.lastStatusCode)} = r.c, ${name(deliveries.lastError)} = r.e,
             ${name(deliveries.nextAttemptAt)} = r.next, ${name(deliveries.lockedUntil)} = null, ${name(deliveries.updatedAt)} = r.now
        from r
       where ${of('d', deliveries.id)} = r.id and ${of('d', deliveries.partitionMonth)} = r.pm
         and ${of('d', deliveries.state)} = 'pending' and ${of('d', deliveries.lockedUntil)} = r.lease
      returning ${of('d', deliveries.id)}
    )
    insert into ${attempts} (${name(attempts.deliveryId)}, ${name(attempts.attemptedAt)}, ${name(attempts.statusCode)}, ${name(attempts.latencyMs)},
                             ${name(attempts.error)}, ${name(attempts.responseBody)})
    select r.id, r.at, r.c, r.ms, r.e, r.b from r`);
  afterCommit(db, () => {
    for (const { step } of records) webhookAttempts.inc({ outcome: step.state === 'pending' ? 'retry' : step.state });
  });
}

/** Gives back leased deliveries a run did not get to (still due; another run can take them at once). */
export async function releaseLeases(db: DbOrTx, ids: string[], lease: string): Promise<void> {
  if (!ids.length) return;
  await db.execute(sql`
    update ${deliveries} set ${name(deliveries.lockedUntil)} = null
     where ${deliveries.id} = any(${arrayLiteral(ids)}::text[]) and ${deliveries.state} = 'pending' and ${deliveries.lockedUntil} = ${lease}::timestamptz`);
}

/**
 * Gives back every delivery still carrying a run's lease: those it knows of, and those a claim of it leased whose
 * answer never came (the database went away after the commit). Reads the leased rows only (leased_idx).
 */
export async function releaseRunLeases(db: DbOrTx, lease: string): Promise<void> {
  await db.execute(sql`
    update ${deliveries} set ${name(deliveries.lockedUntil)} = null
     where ${deliveries.state} = 'pending' and ${deliveries.lockedUntil} is not null and ${deliveries.lockedUntil} = ${lease}::timestamptz`);
}

/** When the next pending delivery can be worked on (a lease held by a run that died counts from its expiry). */
export async function nextWakeAt(db: DbOrTx): Promise<Date | null> {
  const [row] = await db.execute<{ at: string | null }>(sql`
    select min(greatest(${deliveries.nextAttemptAt}, coalesce(${deliveries.lockedUntil}, ${deliveries.nextAttemptAt}))) as at
      from ${deliveries} where ${deliveries.state} = 'pending'`);
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
