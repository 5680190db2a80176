import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/db/client';
import { carrierOutbox as outbox, messageRecipients as recipients, type SessionState } from '@/db/schema';
import { applyCarrierReports, lockDispatches, reportFor, type CarrierReport } from '@/server/domain/delivery/carrier-port';
import type { Env } from '@/server/env';
import { inTransaction } from '@/server/lib/after-commit';
import { logger } from '@/server/lib/logger';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { name, of } from '@/server/lib/sql-names';
import type { CarrierDriver, Receipt } from '../connector';
import { expireOutbox } from '../outbox';
import { ROUTES_ONLY, type RoutingPolicy } from '../routing';
import { MAGIC_SUFFIXES, magicOf, receiptFor, submitAnswer, type SimulatorOptions } from './behaviour';

/** D11's settings: the delay of each step (CARRIER_SIM_DELAY_MS), the validity (CARRIER_SIM_VALIDITY_S), the answers. */
export type SimulatorSettings = SimulatorOptions & { delayMs: number; validityS: number };

export function simulatorSettings(env: Env): SimulatorSettings {
  return {
    delayMs: env.CARRIER_SIM_DELAY_MS,
    validityS: env.CARRIER_SIM_VALIDITY_S,
    failureRate: env.CARRIER_SIM_FAILURE_RATE,
    magicNumbers: env.SMS_ENV === 'test',
  };
}

/** The migrations' simulator connector (D14 amended). */
export const SIMULATOR_CONNECTOR = 'simulator';

/**
 * D14 (amended): in the sandbox the simulator is the fallback for numbers that match no route, and the D11 magic
 * numbers go to it whatever the routes say; in live it takes only what a route sends it.
 */
export function simulatorRouting(env: Pick<Env, 'SMS_ENV'>): RoutingPolicy {
  if (env.SMS_ENV !== 'test') return ROUTES_ONLY;
  return { fallback: SIMULATOR_CONNECTOR, forced: { suffixes: MAGIC_SUFFIXES, connector: SIMULATOR_CONNECTOR } };
}

type ConnectorRef = { id: string; name: string };
/** The most rows one pass decides per step (one transaction each). */
const BATCH = 1000;

/**
 * One pass of the simulator over its connector's outbox rows, each step one transaction: queued rows `delayMs` after
 * they were handed over are answered (accepted: `sent`, waiting `delayMs` for their receipt, until `validityS`;
 * refused: failed and refunded), sent rows whose receipt is due get it, and sent rows past their validity expire.
 * The dispatches are locked first (id order), then the rows (SKIP LOCKED: another pass holds them). Returns how many
 * rows it decided (0: nothing was due).
 */
export async function runSimulatorOnce(db: Db, c: ConnectorRef, s: SimulatorSettings, now: Date): Promise<number> {
  const submitted = await submitDue(db, c, s, now);
  const receipted = await receiptsDue(db, c, s, now);
  const expired = await expireOutbox(db, now, { connectorId: c.id });
  return submitted + receipted + expired;
}

type DueRow = { recipient_id: number; dispatch_id: string; phone: string; state: string };

/** Locks the dispatches of up to BATCH rows that `due` selects, then those rows; nothing when none is due. */
async function takeDue(tx: DbOrTx, due: SQL) {
  const ds = await tx.execute<{ dispatch_id: string }>(sql`
    select distinct dispatch_id from (select ${of('o', outbox.dispatchId)} from ${outbox} o where ${due} order by ${of('o', outbox.nextAt)} limit ${BATCH}) x`);
  if (!ds.length) return null;
  const dispatches = await lockDispatches(tx, ds.map((d) => d.dispatch_id));
  const rows = await tx.execute<DueRow>(sql`
    select ${of('o', outbox.recipientId)}, ${of('o', outbox.dispatchId)}, ${of('r', recipients.phone)}, ${of('r', recipients.state)}
      from ${outbox} o join ${recipients} r on ${of('r', recipients.id)} = ${of('o', outbox.recipientId)}
     where ${due} and ${of('o', outbox.dispatchId)} = any(${arrayLiteral([...dispatches.keys()])}::text[])
     order by ${of('o', outbox.recipientId)} limit ${BATCH} for update of o skip locked`);
  return { dispatches, rows: rows.map((r) => ({ ...r, recipient_id: Number(r.recipient_id) })) };
}

async function submitDue(db: Db, c: ConnectorRef, s: SimulatorSettings, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - s.delayMs).toISOString();
  return inTransaction(db, async (tx) => {
    const due = await takeDue(tx, sql`
      ${of('o', outbox.connectorId)} = ${c.id} and ${of('o', outbox.state)} = 'queued' and ${of('o', outbox.claimedBy)} is null and ${of('o', outbox.nextAt)} <= ${cutoff}::timestamptz`);
    if (!due) return 0;
    const reports = new Map<string, CarrierReport>();
    const accepted: number[] = [];
    const silent: number[] = [];
    const gone: number[] = [];
    for (const r of due.rows) {
      // (a recipient no longer processing, e.g. cancelled, leaves the queue unanswered)
      if (r.state !== 'processing') {
        gone.push(r.recipient_id);
        continue;
      }
      const failure = submitAnswer(r.phone, s);
      if (failure) {
        gone.push(r.recipient_id);
        (reportFor(reports, r.dispatch_id).refused ??= []).push({ recipientId: r.recipient_id, carrier: c.name, failure });
        continue;
      }
      accepted.push(r.recipient_id);
      if (s.magicNumbers && magicOf(r.phone) === '3333') silent.push(r.recipient_id);
      (reportFor(reports, r.dispatch_id).accepted ??= []).push({ recipientId: r.recipient_id, carrier: c.name });
    }
    const receiptAt = new Date(now.getTime() + s.delayMs).toISOString();
    const expiresAt = new Date(now.getTime() + s.validityS * 1000).toISOString();
    // accepted rows wait for their receipt (a number that never gets one, until its validity ends)
    if (accepted.length) await tx.execute(sql`
      update ${outbox} set ${name(outbox.state)} = 'sent', ${name(outbox.expiresAt)} = ${expiresAt}::timestamptz,
             ${name(outbox.nextAt)} = case when ${outbox.recipientId} = any(${arrayLiteral(silent)}::bigint[]) then ${expiresAt}::timestamptz else ${receiptAt}::timestamptz end
       where ${outbox.recipientId} = any(${arrayLiteral(accepted)}::bigint[])`);
    if (gone.length) await tx.execute(sql`delete from ${outbox} where ${outbox.recipientId} = any(${arrayLiteral(gone)}::bigint[])`);
    await applyCarrierReports(tx, due.dispatches, reports, now);
    return due.rows.length;
  });
}

async function receiptsDue(db: Db, c: ConnectorRef, s: SimulatorSettings, now: Date): Promise<number> {
  return inTransaction(db, async (tx) => {
    const due = await takeDue(tx, sql`
      ${of('o', outbox.connectorId)} = ${c.id} and ${of('o', outbox.state)} = 'sent' and ${of('o', outbox.nextAt)} <= ${now.toISOString()}::timestamptz`);
    if (!due) return 0;
    const reports = new Map<string, CarrierReport>();
    const done: number[] = [];
    for (const r of due.rows) {
      const receipt: Receipt | null = r.state === 'sent' ? receiptFor(r.recipient_id, r.phone, s) : null;
      if (r.state === 'sent' && !receipt) continue; // none comes: it expires (expireOutbox)
      done.push(r.recipient_id);
      if (receipt) (reportFor(reports, r.dispatch_id).receipts ??= []).push(receipt);
    }
    if (!done.length) return 0;
    await tx.execute(sql`delete from ${outbox} where ${outbox.recipientId} = any(${arrayLiteral(done)}::bigint[])`);
    await applyCarrierReports(tx, due.dispatches, reports, now);
    return done.length;
  });
}

/** How long the loop waits with nothing due, at most (a kick, i.e. new rows, wakes it earlier). */
const IDLE_MS = 250;

/**
 * The simulator as a carrier driver: in the worker that holds its connector's lease, passes over its outbox rows
 * (runSimulatorOnce) whenever rows are handed to it and every few ms while any may become due.
 */
export class SimulatorDriver implements CarrierDriver {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private kicked = false;
  private readonly since = new Date().toISOString();

  constructor(
    private readonly db: Db,
    private readonly connector: ConnectorRef,
    readonly token: string,
    private readonly settings: SimulatorSettings,
  ) {}

  start(): void {
    this.running = true;
    this.loop = this.pump();
  }

  private async pump(): Promise<void> {
    while (this.running) {
      this.kicked = false;
      const n = await runSimulatorOnce(this.db, this.connector, this.settings, new Date()).catch((e: unknown) => {
        logger.warn('simulator pass failed', { connector: this.connector.name, error: e });
        return 0;
      });
      if (n > 0 || this.kicked) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => resolve(), this.settings.delayMs > 0 ? Math.min(IDLE_MS, this.settings.delayMs) : IDLE_MS);
        this.wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      this.wake = null;
    }
  }

  kick(): void {
    this.kicked = true;
    this.wake?.();
  }

  states(): SessionState[] {
    return [{ state: 'bound', since: this.since }];
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  destroy(): Promise<void> {
    this.running = false;
    this.wake?.();
    return this.loop ?? Promise.resolve();
  }
}
