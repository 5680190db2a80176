import type { Task } from 'graphile-worker';
import { z } from 'zod';
import type { Db } from '@/db/client';
import type { Env } from '@/server/env';
import type { Resolve } from '@/server/domain/webhooks/address-policy';
import { claimDue, recordAttempt, nextWakeAt, scheduleWake, type ClaimedDelivery } from '@/server/domain/webhooks/deliveries';
import { nextStep } from '@/server/domain/webhooks/retry-policy';
import { sendWebhook } from '@/server/domain/webhooks/send-webhook';
import { logger } from '@/server/lib/logger';

/**
 * deliver_webhooks: leases due deliveries and POSTs them concurrently (a global
 * cap per run, a per-organization cap across runs, organizations served
 * round-robin), records every attempt, then re-enqueues itself for the next
 * retry. Idempotent: a run only sends what it leased, and a repeated run finds
 * nothing due. Bounded in time so a worker slot is never held for long.
 */
export type WebhookDeps = { db: Db; env: Env; now: () => Date; resolve?: Resolve };
export type DeliverLimits = {
  /** Requests in flight in one run. */
  globalCap: number;
  /** Requests in flight per organization, all runs together. */
  perOrgCap: number;
  /** No new lease after this long; in-flight requests still finish. */
  budgetMs: number;
  /** With nothing in flight, wait in the run for a retry due within this long instead of ending. */
  idleWaitMs: number;
  /** While requests are in flight, look for newly due deliveries this often. */
  pollMs: number;
};
export const DEFAULT_LIMITS: DeliverLimits = { globalCap: 64, perOrgCap: 8, budgetMs: 10_000, idleWaitMs: 1_000, pollMs: 200 };
/** A lease outlives the request timeout by this much. */
const LEASE_MARGIN_MS = 30_000;
const BLOCKED_RETRIES = 3;
const BLOCKED_SLEEP_MS = 20;
/** Earliest re-run after a run that ended with nothing it could take. */
const WAKE_FLOOR_MS = 1_000;

export type DeliverStats = { attempted: number; succeeded: number; failed: number; retrying: number; wakeAt: Date | null };

export async function deliverDueWebhooks(deps: WebhookDeps, limits: Partial<DeliverLimits> = {}): Promise<DeliverStats> {
  const lim = { ...DEFAULT_LIMITS, ...limits };
  const stats: DeliverStats = { attempted: 0, succeeded: 0, failed: 0, retrying: 0, wakeAt: null };
  const started = performance.now();
  const inFlight = new Map<string, Promise<void>>();
  let outOfTime = false;
  let blocked = 0;
  for (;;) {
    if (performance.now() - started >= lim.budgetMs) {
      outOfTime = true;
      break;
    }
    const free = lim.globalCap - inFlight.size;
    const leaseMs = deps.env.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS;
    const claimed = free > 0 ? await claimDue(deps.db, { now: deps.now(), limit: free, perOrg: lim.perOrgCap, leaseMs }) : [];
    if (claimed.length > 0) blocked = 0;
    for (const d of claimed) {
      inFlight.set(d.id, attempt(deps, d, stats).finally(() => inFlight.delete(d.id)));
    }
    if (inFlight.size > 0) {
      await Promise.race([...inFlight.values(), sleep(lim.pollMs)]);
      continue;
    }
    // Nothing in flight: wait here for a retry due very soon, else end the run.
    const wake = await nextWakeAt(deps.db);
    const wait = wake ? wake.getTime() - deps.now().getTime() : Infinity;
    if (wait > lim.idleWaitMs || wait >= lim.budgetMs - (performance.now() - started)) break;
    if (wait <= 0) {
      // Due yet not claimed: a clock tick short (retry shortly), or other runs
      // hold those organizations' slots (give up; they re-enqueue when done).
      if (++blocked > BLOCKED_RETRIES) break;
      await sleep(BLOCKED_SLEEP_MS);
      continue;
    }
    await sleep(wait + 1);
  }
  await Promise.all(inFlight.values());
  const now = deps.now();
  // Out of time: continue at once. Otherwise never sooner than WAKE_FLOOR_MS, so runs
  // blocked by another run's per-organization slots do not spin.
  stats.wakeAt = await scheduleWake(deps.db, outOfTime ? now : new Date(now.getTime() + WAKE_FLOOR_MS));
  return stats;
}

async function attempt(deps: WebhookDeps, d: ClaimedDelivery, stats: DeliverStats): Promise<void> {
  const attemptedAt = deps.now();
  try {
    const result = await sendWebhook({ url: d.url, payload: d.payload, credentials: d.credentials }, deps.env, { resolve: deps.resolve });
    const now = deps.now();
    const step = nextStep(result.outcome, d.attempts + 1, deps.env.WEBHOOK_RETRY_SCHEDULE, now);
    await recordAttempt(deps.db, d, { attemptedAt, result, step, now });
    stats.attempted++;
    if (step.state === 'succeeded') stats.succeeded++;
    else if (step.state === 'failed') stats.failed++;
    else stats.retrying++;
    logger.debug('webhook attempt', {
      delivery_id: d.id,
      event_id: d.eventId,
      organization_id: d.organizationId,
      attempt: d.attempts + 1,
      status_code: result.statusCode,
      latency_ms: result.latencyMs,
      outcome: result.outcome,
      state: step.state,
    });
  } catch (e) {
    // The lease expires and a later run retries this delivery.
    logger.error('webhook attempt could not be recorded', { delivery_id: d.id, error: e });
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Enqueued with job_key deliver_webhooks (new deliveries) or deliver_webhooks_wake (retries); the payload carries nothing. */
const DeliverWebhooksPayload = z.object({}).loose();

export function deliverWebhooksTask(deps: () => WebhookDeps): Task {
  return async (payload) => {
    DeliverWebhooksPayload.parse(payload ?? {});
    await deliverDueWebhooks(deps());
  };
}
