import type { Db } from '@/db/client';
import type { Env } from '@/server/env';
import type { Resolve } from './address-policy';
import {
  claimDue,
  leaseToken,
  nextWakeAt,
  recordAttempts,
  releaseLeases,
  releaseRunLeases,
  scheduleWake,
  type AttemptRecord,
  type ClaimedDelivery,
} from './deliveries';
import { nextStep } from './retry-policy';
import { sendWebhook } from './send-webhook';
import { signingSecrets } from './signing';
import { logger } from '@/server/lib/logger';

/** What the scheduler works with: the database, settings, the clock and (tests) the webhook hosts' address lookup. */
export type WebhookDeps = { db: Db; env: Env; now: () => Date; resolve?: Resolve };
export type DeliverLimits = {
  /** Requests in flight in one run. */
  globalCap: number;
  /** Requests in flight per organization (one run serves an organization at a time). */
  perOrgCap: number;
  /** Deliveries of one organization leased per claim (they are sent perOrgCap at a time). */
  perOrgBatch: number;
  /** No new lease after this long; leased requests still go out until the run ends. */
  budgetMs: number;
  /** With nothing in flight, wait in the run for a retry due within this long instead of ending. */
  idleWaitMs: number;
  /** While requests are in flight, look for newly due deliveries this often. */
  pollMs: number;
  /** Attempts are written at least this often (one statement for all of them). */
  flushMs: number;
};
/**
 * globalCap holds 16 organizations at their perOrgCap in one run: one run per worker process serves every
 * organization (server/jobs/tasks/deliver-webhooks.ts), and with 64 ten merchants got 6.4 requests in flight each
 * in one run while a merchant served by another run had 8 (bench: least/most share 0.73).
 *
 * flushMs 50: at ~5,000 events/s one merchant's run writes ~250 attempts per statement (FLUSH_BATCH caps it); a
 * 20 ms flush writes ~50, 2.5 x as many record statements as the bench's raw loop (one per batch of 128), so more
 * statements and commits for Postgres on the same cores.
 */
export const DEFAULT_LIMITS: DeliverLimits = { globalCap: 128, perOrgCap: 8, perOrgBatch: 128, budgetMs: 10_000, idleWaitMs: 1_000, pollMs: 200, flushMs: 50 };
/** A lease outlives the run (budget, then one request timeout) by this much. */
const LEASE_MARGIN_MS = 30_000;
const FLUSH_BATCH = 256;
/**
 * A request we gave up on (timeout) keeps its organization's slot a little
 * longer: the receiver is likely still working on it, and a slow receiver
 * should not get a replacement request the same instant.
 */
const TIMEOUT_COOLDOWN_MS = 25;
const BLOCKED_RETRIES = 3;
const BLOCKED_SLEEP_MS = 20;
/** Earliest re-run after a run that ended with nothing it could take. */
const WAKE_FLOOR_MS = 1_000;

export type DeliverStats = { attempted: number; succeeded: number; failed: number; retrying: number; wakeAt: Date | null; runs: number };

/**
 * Leases of this process's runs that a statement failure left on rows and that could not be given back at the end of
 * the run (the database still away): given back before the next run here claims. Without it they stayed until they
 * expired (budget + request timeout + LEASE_MARGIN_MS, about 45 s), the deliveries waiting with them.
 */
const unreleased = new Set<string>();

/**
 * The webhook scheduler behind the deliver_webhooks job: leases due deliveries in batches (organizations served
 * round-robin, an organization served by one run at a time), POSTs them with
 * a global cap per run and a per-organization cap of requests in flight,
 * writes the attempts in batches, then re-enqueues itself for the next retry.
 * Idempotent: a run only sends what it leased, and a repeated run finds
 * nothing due. Each run is bounded in time (its leases are); what a run
 * leased but did not get to is given back when it ends.
 *
 * One run, or with `signal` (the job's abortSignal) as many as follow each other: a run that ran out of time (work
 * left) is followed at once by the next one in the same call, until a run ends for want of work or the signal
 * aborts (the signal also ends a run early: no new lease). Without the signal, the next run is the wake-up job's,
 * started when graphile-worker picks that job up: with one merchant and 12,004 events that gives 0.45-0.64 x the
 * raw loop's rate.
 */
export async function deliverDueWebhooks(deps: WebhookDeps, limits: Partial<DeliverLimits> = {}, signal?: AbortSignal): Promise<DeliverStats> {
  const lim = { ...DEFAULT_LIMITS, ...limits };
  const stats: DeliverStats = { attempted: 0, succeeded: 0, failed: 0, retrying: 0, wakeAt: null, runs: 0 };
  for (const lease of unreleased) {
    await releaseRunLeases(deps.db, lease);
    unreleased.delete(lease);
  }
  let outOfTime: boolean;
  do {
    const run = new DeliveryRun(deps, lim, signal);
    await run.loop();
    stats.attempted += run.stats.attempted;
    stats.succeeded += run.stats.succeeded;
    stats.failed += run.stats.failed;
    stats.retrying += run.stats.retrying;
    stats.runs++;
    outOfTime = run.outOfTime;
  } while (outOfTime && signal && !signal.aborted);
  const now = deps.now();
  // Out of time (or stopped by the signal): continue at once. Otherwise never sooner than WAKE_FLOOR_MS, so runs
  // that found every due organization served elsewhere do not spin.
  stats.wakeAt = await scheduleWake(deps.db, outOfTime ? now : new Date(now.getTime() + WAKE_FLOOR_MS));
  return stats;
}

class DeliveryRun {
  readonly stats = { attempted: 0, succeeded: 0, failed: 0, retrying: 0 };
  outOfTime = false;
  private readonly started = performance.now();
  private readonly lease: string;
  /** Leased, not sent yet, per organization (insertion order = round-robin order). */
  private readonly queued = new Map<string, ClaimedDelivery[]>();
  private queuedCount = 0;
  private readonly inFlightByOrg = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private pending: AttemptRecord[] = [];
  private flushing: Promise<void> = Promise.resolve();
  private flushTimer: NodeJS.Timeout | null = null;
  private lastClaim = -Infinity;
  /** The claim in progress: requests keep going out meanwhile. */
  private claiming: Promise<number> | null = null;
  /** Basic Authorization headers decrypted once per run. */
  private readonly authCache = new Map<string, string>();
  /** Destination URLs parsed once per run. */
  private readonly urlCache = new Map<string, URL>();
  /** Set when the loop ends: no request starts after it (what is still queued is released). */
  private stopped = false;
  /** Signing secrets derived once per run, by app and version. */
  private readonly secretCache = new Map<string, string>();
  /** Whether attempts are logged (read once per run: the logger reads the environment on each call). */
  private readonly debug = logger.enabled('debug');
  /** When a claim last found nothing more for an organization this run serves. */
  private readonly drainedAt = new Map<string, number>();
  /** A statement of this run failed: rows may carry its lease that it does not know of or could not give back. */
  private troubled = false;

  /** Wakes the loop's wait (a request ended, a claim returned); see changed(). */
  private wake: (() => void) | null = null;
  private claimedSinceWait = 0;

  constructor(
    private readonly deps: WebhookDeps,
    private readonly lim: DeliverLimits,
    private readonly signal?: AbortSignal,
  ) {
    const leaseMs = lim.budgetMs + deps.env.WEBHOOK_TIMEOUT_MS + LEASE_MARGIN_MS;
    this.lease = leaseToken(new Date(deps.now().getTime() + leaseMs));
  }

  async loop(): Promise<void> {
    let blocked = 0;
    try {
      for (;;) {
        if (this.ending()) {
          this.outOfTime = true;
          break;
        }
        if (!this.claiming && this.wantClaim()) {
          this.claiming = this.claim()
            .catch((e: unknown) => {
              logger.warn('webhook claim failed (retried on the next poll)', { error: e });
              this.troubled = true; // (it may have committed, its answer lost)
              return 0;
            })
            .then((n) => {
              this.claimedSinceWait += n;
              return n;
            })
            .finally(() => {
              this.claiming = null;
              this.poke();
            });
        }
        this.dispatch();
        if (this.inFlight.size > 0 || this.claiming) {
          this.claimedSinceWait = 0;
          await this.changed(this.lim.pollMs);
          if (this.claimedSinceWait > 0) blocked = 0;
          continue;
        }
        // Nothing in flight (and so nothing queued): wait here for a retry due very soon, else end the run.
        await this.flush();
        const wake = await nextWakeAt(this.deps.db);
        const wait = wake ? wake.getTime() - this.deps.now().getTime() : Infinity;
        if (wait > this.lim.idleWaitMs || wait >= this.lim.budgetMs - (performance.now() - this.started)) break;
        this.lastClaim = -Infinity;
        if (wait <= 0) {
          // Due yet not claimed: a clock tick short (retry shortly), or another run serves
          // those organizations (give up; it re-enqueues when done).
          if (++blocked > BLOCKED_RETRIES) break;
          await sleep(BLOCKED_SLEEP_MS);
          continue;
        }
        await sleep(wait + 1);
      }
      // Every way out of the loop: no request starts from here on (a finishing one dispatches no successor).
      this.stopped = true;
      // Leased but not sent: back to the pool for the next run.
      const unsent = [...this.queued.values()].flat().map((d) => d.id);
      this.queued.clear();
      this.queuedCount = 0;
      await this.claiming;
      const late = [...this.queued.values()].flat().map((d) => d.id);
      this.queued.clear();
      this.queuedCount = 0;
      await Promise.all(this.inFlight);
      if (!this.troubled) await releaseLeases(this.deps.db, [...unsent, ...late], this.lease).catch(() => void (this.troubled = true));
    } catch (e) {
      this.troubled = true;
      throw e;
    } finally {
      this.stopped = true;
      await this.claiming;
      await Promise.all(this.inFlight);
      await this.flush();
      if (this.troubled) {
        await releaseRunLeases(this.deps.db, this.lease).catch((e: unknown) => {
          logger.warn('webhook leases not released (given back before the next run)', { error: e });
          unreleased.add(this.lease);
        });
      }
    }
  }

  /**
   * Claim when an organization we serve is down to half a batch of leased
   * deliveries (unless the last claim found none left for it), so the next
   * batch arrives before the queue runs dry, and every pollMs for
   * organizations that became due meanwhile.
   */
  private wantClaim(): boolean {
    if (this.queuedCount >= 2 * this.lim.globalCap) return false;
    const t = performance.now();
    if (t - this.lastClaim >= this.lim.pollMs) return true;
    for (const org of this.serving()) {
      if (this.lowOn(org) && t - (this.drainedAt.get(org) ?? -Infinity) >= this.lim.pollMs) return true;
    }
    return false;
  }

  private lowOn(org: string): boolean {
    return (this.queued.get(org)?.length ?? 0) < Math.max(this.lim.perOrgCap, this.lim.perOrgBatch / 2);
  }

  /**
   * After a request ends: whether the loop has something to do that the request's own follow-up (dispatch of the
   * next queued request) does not cover: a claim, the end of the run, or nothing left in flight.
   */
  private loopWanted(): boolean {
    if (this.inFlight.size === 0 || this.ending()) return true;
    return !this.claiming && this.wantClaim();
  }

  /** Out of time or aborted: no new request starts (the loop ends the run). */
  private ending(): boolean {
    return this.signal?.aborted === true || performance.now() - this.started >= this.lim.budgetMs;
  }

  /**
   * The organizations this run serves, each once: those with leased deliveries queued, then those with requests in
   * flight. Yielded, not gathered in a set: wantClaim asks after every request and stops at the first that wants one.
   */
  private *serving(): Generator<string> {
    yield* this.queued.keys();
    for (const [org, n] of this.inFlightByOrg) if (n > 0 && !this.queued.has(org)) yield org;
  }

  /**
   * Until a request ends, a claim returns or `ms` pass: one promise and one timer per wait. (A Promise.race over
   * every request in flight added a reaction to each of them per wait, so a run's cost per request grew with
   * how many it had in flight: 64 with ten merchants against 8 with one; V8 profile: runMicrotasks.)
   */
  private changed(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.wake?.(), ms);
      this.wake = () => {
        this.wake = null;
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private poke(): void {
    this.wake?.();
  }

  /** Leases more for organizations we do not hold enough of; returns how many. */
  private async claim(): Promise<number> {
    // What the run already holds per organization: enough of it (skipped), or a count the claim ranks by.
    const enough: string[] = [];
    const held: Record<string, number> = {};
    for (const [org, q] of this.queued) {
      if (this.lowOn(org)) held[org] = q.length;
      else enough.push(org);
    }
    const asked = [...this.serving()].filter((org) => !enough.includes(org));
    this.lastClaim = performance.now();
    const claimed = await claimDue(this.deps.db, {
      now: this.deps.now(),
      limit: Math.max(1, 2 * Math.max(this.lim.globalCap, this.lim.perOrgBatch) - this.queuedCount),
      perOrg: this.lim.perOrgBatch,
      lease: this.lease,
      skipOrgs: enough,
      held,
    });
    for (const d of claimed) {
      const q = this.queued.get(d.organizationId);
      if (q) q.push(d);
      else this.queued.set(d.organizationId, [d]);
    }
    this.queuedCount += claimed.length;
    const got = new Set(claimed.map((d) => d.organizationId));
    for (const org of asked) if (!got.has(org)) this.drainedAt.set(org, this.lastClaim);
    return claimed.length;
  }

  /**
   * Starts queued requests round-robin across organizations, within both caps: an organization that got a request
   * goes to the back of `queued`, so a slot freed under the global cap goes to the organization served longest ago,
   * not always to the first ones in the map (which kept them at perOrgCap while the last ones waited for a batch).
   */
  private dispatch(): void {
    if (this.stopped) return;
    let progress = true;
    while (progress && this.inFlight.size < this.lim.globalCap && this.queuedCount > 0) {
      progress = false;
      for (const [org, q] of [...this.queued]) {
        if (this.inFlight.size >= this.lim.globalCap) break;
        const busy = this.inFlightByOrg.get(org) ?? 0;
        if (busy >= this.lim.perOrgCap) continue;
        const d = q.shift()!;
        this.queued.delete(org);
        if (q.length > 0) this.queued.set(org, q);
        this.queuedCount--;
        this.inFlightByOrg.set(org, busy + 1);
        const p: Promise<void> = this.attempt(d)
          .then((timedOut) => (timedOut ? sleep(TIMEOUT_COOLDOWN_MS) : undefined))
          .finally(() => {
            this.inFlight.delete(p);
            this.inFlightByOrg.set(org, (this.inFlightByOrg.get(org) ?? 1) - 1);
            // The freed slot's next request starts here, not after a turn of the loop (a wake-up, a claim check
            // and a new wait per request); the loop is woken only for what it alone does.
            if (!this.ending()) this.dispatch();
            if (this.loopWanted()) this.poke();
          });
        this.inFlight.add(p);
        progress = true;
      }
    }
  }

  /** One POST and its record (written with the next flush); true when it timed out. */
  private async attempt(d: ClaimedDelivery): Promise<boolean> {
    const attemptedAt = this.deps.now();
    const signing = { webhookId: d.eventId, secrets: signingSecrets(this.deps.env.APP_SECRET, d.signing, attemptedAt, this.secretCache), at: attemptedAt };
    const result = await sendWebhook({ url: d.url, payload: d.payload, credentials: d.credentials, signing }, this.deps.env, {
      resolve: this.deps.resolve,
      authCache: this.authCache,
      urlCache: this.urlCache,
    });
    const now = this.deps.now();
    const step = nextStep(result.outcome, d.attempts + 1, this.deps.env.WEBHOOK_RETRY_SCHEDULE, now);
    this.stats.attempted++;
    if (step.state === 'succeeded') this.stats.succeeded++;
    else if (step.state === 'failed') this.stats.failed++;
    else this.stats.retrying++;
    if (this.debug) logger.debug('webhook attempt', {
      delivery_id: d.id,
      event_id: d.eventId,
      organization_id: d.organizationId,
      attempt: d.attempts + 1,
      status_code: result.statusCode,
      latency_ms: result.latencyMs,
      outcome: result.outcome,
      state: step.state,
    });
    this.pending.push({ delivery: d, attemptedAt, result, step, now });
    if (this.pending.length >= FLUSH_BATCH) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), this.lim.flushMs);
    return result.statusCode === null && result.outcome === 'retry' && /^timeout/.test(result.error ?? '');
  }

  /** Writes the attempts gathered so far, one statement; flushes never overlap. */
  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return this.flushing;
    this.flushing = this.flushing.then(() =>
      recordAttempts(this.deps.db, batch).catch((e: unknown) => {
        // Their leases are given back (troubled) and a later run retries these deliveries (same event_id).
        logger.error('webhook attempts could not be recorded', { deliveries: batch.length, error: e });
        this.troubled = true;
      }),
    );
    return this.flushing;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
