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
 * connectors are taken over within LEASE_S + tick.
 */
export class ConnectorManager {
  readonly runtimes = new Map<string, { rt: CarrierDriver; name: string; kind: ConnectorRow['kind']; version: string; renewedAt: number }>();
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
      const wanted = new Map(rows.map((r) => [r.id, r]));
      for (const [id, held] of this.runtimes) {
        const row = wanted.get(id);
        if (!row || row.updatedAt.toISOString() !== held.version) {
          this.runtimes.delete(id);
          await held.rt.stop();
          await releaseLease(this.db, id, held.rt.token);
          logger.info('connector stopped', { connector: held.name, reason: row ? 'changed' : 'disabled' });
          continue;
        }
        const ok = await renewLease(this.db, id, held.rt.token, held.rt.states()).catch(() => null);
        if (ok) held.renewedAt = Date.now();
        if (ok === false || Date.now() - held.renewedAt > (LEASE_S - 1) * 1000) {
          logger.warn('connector lease lost; dropping its sessions', { connector: held.name });
          this.runtimes.delete(id);
          held.rt.destroy();
        }
      }
      for (const row of rows) {
        if (this.runtimes.has(row.id) || this.stopped) continue;
        const token = `${this.owner}/${randomUUID()}`;
        if (!(await acquireLease(this.db, row.id, this.owner, token))) continue;
        const rt = this.driver(row, token);
        this.runtimes.set(row.id, { rt, name: row.name, kind: row.kind, version: row.updatedAt.toISOString(), renewedAt: Date.now() });
        rt.start();
        logger.info('connector owned by this worker', { connector: row.name, kind: row.kind });
      }
    } catch (e) {
      logger.warn('connector tick failed', { error: e });
    } finally {
      this.ticking = false;
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
        await held.rt.stop();
        await releaseLease(this.db, id, held.rt.token).catch(() => {});
      }),
    );
    this.runtimes.clear();
  }
}
