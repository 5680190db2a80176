import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { connectors, type ConnectorRow } from '@/db/schema';
import type { Env } from '@/server/env';
import { decryptSecret } from '@/server/lib/crypto';
import { logger } from '@/server/lib/logger';
import { keepListening } from '@/server/lib/postgres-js';
import { acquireLease, LEASE_S, releaseLease, renewLease } from './smpp/leases';
import { sweepMoParts } from './smpp/mo-record';
import type { CarrierDriver } from './connector';
import { sweepOutbox } from './outbox';
import { SimulatorDriver, simulatorSettings, type SimulatorSettings } from './simulator/driver';
import { ConnectorRuntime, type RuntimeOptions } from './smpp/runtime';

/** The channel carrier_outbox's insert trigger notifies, with the connector id as payload. */
const OUTBOX_CHANNEL = 'carrier_outbox';

export type ManagerOptions = RuntimeOptions & {
  /** How often leases are taken/renewed and the connector records re-read (a change applies within this + unbind). */
  tickMs: number;
  /** How often this process sweeps the outbox (failover, stale claims, expiry) and long MO past their wait (D18). */
  sweepMs: number;
  /** A row waits this long on a connector that is not bound before it goes to the next one. */
  graceS: number;
  /** What the simulator connectors answer, and when (D11). */
  simulator: SimulatorSettings;
};

/** How long a dropped driver may still be recording, once the database answers again, before its connector is taken again anyway. */
const DRAIN_GRACE_MS = 10_000;

const DEFAULTS = { tickMs: 1000, sweepMs: 1000, graceS: 3, respTimeoutMs: 10_000, flushMs: 20 };

/**
 * The defaults, the simulator's settings, and the extra certificate authorities of `SMPP_TLS_CA_FILE` (read once, at
 * start: a bad path stops the worker).
 */
export function managerOptions(env: Env): ManagerOptions {
  const opts = { ...DEFAULTS, simulator: simulatorSettings(env) };
  return env.SMPP_TLS_CA_FILE ? { ...opts, tlsCa: readFileSync(env.SMPP_TLS_CA_FILE, 'utf8') } : opts;
}

/**
 * Runs in every worker process: runs the driver of each connector whose lease it got (exactly one process per
 * connector, D14: an SMPP connector's sessions, or the simulator), re-reads the records each tick (a change
 * restarts that connector's driver), and sweeps the shared outbox and the long MO whose parts stopped coming (D18). Any number of workers may run; a dead owner's
 * connectors are taken over within LEASE_S + tick. A driver whose lease was not renewed in time is dropped before the
 * lease lapses (holdUntil), and its connector is not taken again here until what the driver heard is recorded.
 */
type Held = { rt: CarrierDriver; name: string; kind: ConnectorRow['kind']; version: string; expiry: NodeJS.Timeout | null };

export class ConnectorManager {
  readonly runtimes = new Map<string, Held>();
  /**
   * Drivers of this process that lost their lease, until what they heard is recorded (destroy). Their connectors are
   * not taken again here before: a new driver would claim the rows whose submit_sm answers the old one has not yet
   * recorded (the database was away) and send them again.
   */
  private readonly draining = new Map<string, { done: Promise<void>; reachableSince: number | null }>();
  private timers: NodeJS.Timeout[] = [];
  private ticking = false;
  private sweeping = false;
  private stopped = false;
  private listening: { unlisten: () => Promise<void> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    readonly owner: string,
    private readonly opts: ManagerOptions,
  ) {}

  /** The driver of a connector's kind (connector.ts: nothing else here knows which one it runs). */
  private driver(row: ConnectorRow, token: string): CarrierDriver {
    if (row.kind === 'simulator') return new SimulatorDriver(this.db, row, token, this.opts.simulator);
    const password = row.passwordEnc ? decryptSecret(this.secret, row.passwordEnc) : '';
    return new ConnectorRuntime(this.db, { ...row, password }, token, this.opts);
  }

  start(): void {
    // Rows handed to a connector wake its owner at once (migration 0022's trigger); the loop still looks every
    // IDLE_CLAIM_MS for rows that became due without an insert (backoff, failover). A missed notification (the
    // listening connection was down) only costs that delay.
    // (kept across a replacement of the worker's resilient pool: server/lib/postgres-js.ts)
    this.listening = keepListening(this.db, OUTBOX_CHANNEL, (connectorId) => this.runtimes.get(connectorId)?.rt.kick());
    void this.tick();
    this.timers.push(setInterval(() => void this.tick(), this.opts.tickMs));
    this.timers.push(setInterval(() => void this.sweep(), this.opts.sweepMs));
  }

  private async tick(): Promise<void> {
    if (this.ticking || this.stopped) return;
    this.ticking = true;
    try {
      const rows = await this.db.select().from(connectors).where(eq(connectors.enabled, true));
      this.drainOrGiveUp();
      const wanted = new Map(rows.map((r) => [r.id, r]));
      for (const [id, held] of this.runtimes) {
        const row = wanted.get(id);
        if (!row || row.updatedAt.toISOString() !== held.version) {
          this.runtimes.delete(id);
          if (held.expiry) clearTimeout(held.expiry);
          await held.rt.stop();
          await releaseLease(this.db, id, held.rt.token);
          logger.info('connector stopped', { connector: held.name, reason: row ? 'changed' : 'disabled' });
          continue;
        }
        const asked = Date.now();
        const ok = await renewLease(this.db, id, held.rt.token, held.rt.states()).catch(() => null);
        if (ok) this.holdUntil(id, held, asked);
        else if (ok === false) this.lost(id, held);
      }
      for (const row of rows) {
        if (this.runtimes.has(row.id) || this.draining.has(row.id) || this.stopped) continue;
        const token = `${this.owner}/${randomUUID()}`;
        const asked = Date.now();
        if (!(await acquireLease(this.db, row.id, this.owner, token))) continue;
        const rt = this.driver(row, token);
        const held: Held = { rt, name: row.name, kind: row.kind, version: row.updatedAt.toISOString(), expiry: null };
        this.runtimes.set(row.id, held);
        this.holdUntil(row.id, held, asked);
        rt.start();
        logger.info('connector owned by this worker', { connector: row.name, kind: row.kind });
      }
    } catch (e) {
      logger.warn('connector tick failed', { error: e });
    } finally {
      this.ticking = false;
    }
  }

  /**
   * A lease taken or renewed by a statement sent at `asked` lasts LEASE_S from the database's clock then, so at least
   * until asked + LEASE_S here: the driver is dropped a second before that unless renewed meanwhile. Timed here, not
   * by the tick: while the database is away the tick waits on its statements (postgres.js retries the connection),
   * and a driver that went on past its lease sent, once the database was back, the rows the sweep had meanwhile given
   * back to the queue a second time (tests/carrier/database-cut: 40 of 150 recipients submitted twice).
   */
  private holdUntil(id: string, held: Held, asked: number): void {
    if (this.runtimes.get(id) !== held) return; // (dropped while its renewal was on its way)
    if (held.expiry) clearTimeout(held.expiry);
    held.expiry = setTimeout(() => this.lost(id, held), asked + (LEASE_S - 1) * 1000 - Date.now());
  }

  /** Lost lease (not renewed in time, or taken): the driver is dropped at once and drains (see `draining`). */
  private lost(id: string, held: Held): void {
    if (this.runtimes.get(id) !== held) return;
    logger.warn('connector lease lost; dropping its sessions', { connector: held.name });
    this.runtimes.delete(id);
    if (held.expiry) clearTimeout(held.expiry);
    const entry = { done: Promise.resolve(), reachableSince: null as number | null };
    entry.done = held.rt
      .destroy()
      .catch((e: unknown) => logger.warn('recording what a dropped connector heard failed', { connector: held.name, error: e }))
      .finally(() => this.draining.get(id) === entry && this.draining.delete(id));
    this.draining.set(id, entry);
  }

  /**
   * Called once the database answered a tick: a drain still going DRAIN_GRACE_MS after that is no longer waited for
   * (its recorder is stuck for some other reason), so the connector is not left without an owner; what it had not
   * recorded may then be sent again, at most a window per session (D14).
   */
  private drainOrGiveUp(): void {
    for (const [id, entry] of this.draining) {
      entry.reachableSince ??= Date.now();
      if (Date.now() - entry.reachableSince < DRAIN_GRACE_MS) continue;
      logger.warn('a dropped connector is still recording; taking the connector again anyway', { connector: id });
      this.draining.delete(id);
    }
  }

  private async sweep(): Promise<void> {
    if (this.sweeping || this.stopped) return;
    this.sweeping = true;
    try {
      await sweepOutbox(this.db, new Date(), { graceS: this.opts.graceS }).catch((e: unknown) => logger.warn('outbox sweep failed', { error: e }));
      await sweepMoParts(this.db, new Date()).catch((e: unknown) => logger.warn('smpp MO parts sweep failed', { error: e }));
    } finally {
      this.sweeping = false;
    }
  }

  /** Unbinds every session, records the last answers and gives the leases back. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.listening?.unlisten();
    while (this.ticking || this.sweeping) await new Promise((r) => setTimeout(r, 10));
    await Promise.all(
      [...this.runtimes].map(async ([id, held]) => {
        if (held.expiry) clearTimeout(held.expiry);
        await held.rt.stop();
        await releaseLease(this.db, id, held.rt.token).catch(() => {});
      }),
    );
    this.runtimes.clear();
    // (bounded: a drain waits for the database, and a worker stopping while it is away must still stop)
    const drains = Promise.all([...this.draining.values()].map((d) => d.done));
    await Promise.race([drains, new Promise((r) => setTimeout(r, DRAIN_GRACE_MS).unref())]);
  }
}
