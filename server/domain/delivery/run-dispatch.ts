import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageDispatches as dispatches, messageRecipients as recipients, messages } from '@/db/schema';
import { addJob } from '@/server/queue/add-job';
import { afterCommit, inTransaction } from '@/server/lib/after-commit';
import { logger } from '@/server/lib/logger';
import { name, of } from '@/server/lib/sql-names';
import { dispatchLag, recipientsTerminal } from '@/server/metrics/registry';
import { dispatchRef } from './dispatch-locks';
import { handOverDispatches, type Starting } from './hand-over';
import { inDispatchBlocksOf } from './recipient-blocks';
import type { DispatchRef } from './recipient-events';
import type { Pipeline } from './pipeline';

type DispatchRow = {
  id: string;
  message_id: string;
  seq: number;
  dispatch_at: Date | null;
  first_recipient_id: string | null;
  due_at: Date;
  state: string;
  control_state: string;
  organization_id: string;
  sender_id: string | null;
  channel: string;
  dispatches_total: number;
};

const COLUMNS = sql`${of('d', dispatches.id)}, ${of('d', dispatches.messageId)}, ${of('d', dispatches.seq)}, ${of('d', dispatches.dispatchAt)}, ${of('d', dispatches.firstRecipientId)},
                    coalesce(${of('d', dispatches.dispatchAt)}, ${of('m', messages.createdAt)}) as due_at, ${of('d', dispatches.state)},
                    ${of('m', messages.controlState)}, ${of('m', messages.organizationId)}, ${of('m', messages.senderId)}, ${of('m', messages.channel)},
                    ${of('m', messages.dispatchesTotal)}`;
/** The dispatches `d` with their messages `m`, for COLUMNS. */
const FROM = sql`${dispatches} d join ${messages} m on ${of('m', messages.id)} = ${of('d', dispatches.messageId)}`;

/** How many due dispatches one transaction of runDueDispatches starts at most. */
export const DUE_BATCH = 100;

/**
 * A timed dispatch's moment has come (job `dispatch_message`, run_at its moment): started in one transaction
 * (startDispatches). Idempotent: a dispatch leaves `scheduled` exactly once.
 */
export async function runDispatch(p: Pipeline, dispatchId: string): Promise<void> {
  const now = p.now();
  await inTransaction(p.db, async (tx) => {
    const rows = await tx.execute<DispatchRow>(sql`
      select ${COLUMNS} from ${FROM} where ${of('d', dispatches.id)} = ${dispatchId} for update of d, m`);
    await startDispatches(tx, p, rows, now);
  });
}

/**
 * The dispatches due now that no job times (those of immediate sends: no moment), started as a queue: up to `limit`
 * of them claimed and started in ONE transaction (rows another transaction holds are skipped, so any number of
 * workers share the queue, and a worker that dies mid-way leaves them to the next claim). The worker's dispatch loop
 * runs it when a send's commit notifies it (migration 0033's trigger) and every second. A set that fails is started
 * again dispatch by dispatch, each in a savepoint, so that one dispatch that cannot start never holds up the others
 * (it stays `scheduled`, and is logged). Returns how many were claimed.
 */
export async function runDueDispatches(p: Pipeline, limit = DUE_BATCH): Promise<number> {
  const claim = (tx: DbOrTx) => tx.execute<DispatchRow>(sql`
    select ${COLUMNS} from ${FROM}
     where ${of('d', dispatches.state)} = 'scheduled' and ${of('d', dispatches.dispatchAt)} is null
     order by ${of('d', dispatches.id)} limit ${limit} for update of d, m skip locked`);
  const now = p.now();
  try {
    return await inTransaction(p.db, async (tx) => {
      const rows = await claim(tx);
      await startDispatches(tx, p, rows, now);
      return rows.length;
    });
  } catch (e) {
    logger.warn('starting due dispatches as a set failed; starting them one by one', { error: e });
    return inTransaction(p.db, async (tx) => {
      const rows = await claim(tx);
      for (const row of rows) {
        await tx.transaction((sp) => startDispatches(sp, p, [row], now)).catch((err: unknown) => logger.warn('a due dispatch could not start; it stays scheduled', { dispatch_id: row.id, error: err }));
      }
      return rows.length;
    });
  }
}

/**
 * Starts locked dispatches, in the caller's transaction: a paused send's dispatch is skipped (its recipients will never
 * be attempted; refunded at resume); the others are handed over together (handOverDispatches: processing, `sms.processing`
 * events), each message's next dispatch enqueued as a job timed at its moment.
 */
async function startDispatches(tx: DbOrTx, p: Pipeline, rows: DispatchRow[], now: Date): Promise<void> {
  const starting: Starting[] = [];
  for (const d of rows) {
    if (d.state !== 'scheduled' || d.control_state === 'cancelled') continue; // started already, or settled by cancel
    const ref = dispatchRef(d);
    const nextAt = d.dispatches_total > 1 ? await scheduleNext(tx, d.message_id, d.seq, now) : null;
    if (d.control_state === 'paused') await skipPaused(tx, ref, nextAt, now);
    else starting.push({ ref, organizationId: d.organization_id, senderId: d.sender_id, channel: d.channel, nextAt });
  }
  await handOverDispatches(tx, p, starting, now);
  const due = rows.filter((d) => starting.some((s) => s.ref.id === d.id)).map((d) => new Date(d.due_at).getTime());
  afterCommit(tx, () => {
    for (const at of due) dispatchLag.observe(Math.max(0, now.getTime() - at) / 1000);
  });
}

/** A paused send's dispatch: skipped, its pending recipients cancelled (counted; refunded at resume). */
async function skipPaused(tx: DbOrTx, d: DispatchRef, next: string | null, now: Date): Promise<void> {
  const skipped = await tx.execute<{ n: number }>(sql`
    with moved as (
      update ${recipients} set ${name(recipients.state)} = 'cancelled', ${name(recipients.updatedAt)} = ${now.toISOString()}::timestamptz
       where ${recipients.dispatchId} = ${d.id} and ${inDispatchBlocksOf(sql`${recipients.id}`, d.firstRecipientId)} and ${recipients.state} = 'pending' returning 1)
    select count(*)::int as n from moved`);
  await tx.execute(sql`
    update ${dispatches} set ${name(dispatches.state)} = 'skipped', ${name(dispatches.finishedAt)} = ${now.toISOString()}::timestamptz where ${dispatches.id} = ${d.id}`);
  await tx.execute(sql`
    update ${messages} set ${name(messages.cancelled)} = ${messages.cancelled} + ${skipped[0].n}, ${name(messages.nextDispatchAt)} = ${next}::timestamptz,
           ${name(messages.updatedAt)} = ${now.toISOString()}::timestamptz where ${messages.id} = ${d.messageId}`);
  afterCommit(tx, () => recipientsTerminal.inc({ state: 'cancelled' }, skipped[0].n));
}

/** Enqueues the job of the dispatch after `seq` (job_key = its id, so a retry cannot add it twice); returns its moment. */
async function scheduleNext(tx: DbOrTx, messageId: string, seq: number, now: Date): Promise<string | null> {
  const [n] = await tx.execute<{ id: string; dispatch_at: Date }>(sql`
    select ${dispatches.id}, ${dispatches.dispatchAt} from ${dispatches}
     where ${dispatches.messageId} = ${messageId} and ${dispatches.seq} = ${seq + 1} and ${dispatches.state} = 'scheduled'`);
  if (!n) return null;
  const at = new Date(n.dispatch_at);
  await addJob(tx, 'dispatch_message', { dispatch_id: n.id }, { runAt: at < now ? now : at, jobKey: n.id });
  return at.toISOString();
}
