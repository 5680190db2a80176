import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { addJob } from '@/server/queue/add-job';
import { afterCommit, inTransaction } from '@/server/lib/after-commit';
import { dispatchLag, recipientsTerminal } from '@/server/metrics/registry';
import { handOverDispatch } from './hand-over';
import type { Pipeline } from './pipeline';

type DispatchRow = {
  id: string;
  message_id: string;
  seq: number;
  dispatch_at: Date | null;
  due_at: Date;
  state: string;
  control_state: string;
};

/**
 * A dispatch's moment has come (job `dispatch_message`). In one transaction:
 * the next dispatch's job and the hand-over of its recipients to their carriers
 * (handOverDispatch: processing, `sms.processing` events). A paused send's
 * dispatch is skipped instead (its recipients will never be attempted; refunded
 * at resume). Idempotent: a dispatch leaves `scheduled` exactly once.
 */
export async function runDispatch(p: Pipeline, dispatchId: string): Promise<void> {
  const now = p.now();
  await inTransaction(p.db, async (tx) => {
    const [d] = await tx.execute<DispatchRow>(sql`
      select d.id, d.message_id, d.seq, d.dispatch_at, coalesce(d.dispatch_at, m.created_at) as due_at, d.state, m.control_state
        from message_dispatches d join messages m on m.id = d.message_id
       where d.id = ${dispatchId} for update of d, m`);
    if (!d || d.state !== 'scheduled') return;
    if (d.control_state === 'cancelled') return; // cancel already settled this dispatch
    const ref = { id: d.id, messageId: d.message_id, dispatchAt: d.dispatch_at ? new Date(d.dispatch_at) : null };

    if (d.control_state === 'paused') {
      const next = await scheduleNext(tx, d.message_id, d.seq, now);
      const skipped = await tx.execute<{ n: number }>(sql`
        with moved as (
          update message_recipients set state = 'cancelled', updated_at = ${now.toISOString()}::timestamptz
           where dispatch_id = ${d.id} and state = 'pending' returning 1)
        select count(*)::int as n from moved`);
      await tx.execute(sql`update message_dispatches set state = 'skipped', finished_at = ${now.toISOString()}::timestamptz where id = ${d.id}`);
      await tx.execute(sql`
        update messages set cancelled = cancelled + ${skipped[0].n}, next_dispatch_at = ${next}::timestamptz,
               updated_at = ${now.toISOString()}::timestamptz where id = ${d.message_id}`);
      afterCommit(tx, () => recipientsTerminal.inc({ state: 'cancelled' }, skipped[0].n));
      return;
    }

    await handOverDispatch(tx, p, ref, now, scheduleNext(tx, d.message_id, d.seq, now));
    afterCommit(tx, () => dispatchLag.observe(Math.max(0, now.getTime() - new Date(d.due_at).getTime()) / 1000));
  });
}

/** Enqueues the job of the dispatch after `seq` (job_key = its id, so a retry cannot add it twice); returns its moment. */
async function scheduleNext(tx: DbOrTx, messageId: string, seq: number, now: Date): Promise<string | null> {
  const [n] = await tx.execute<{ id: string; dispatch_at: Date }>(sql`
    select id, dispatch_at from message_dispatches
     where message_id = ${messageId} and seq = ${seq + 1} and state = 'scheduled'`);
  if (!n) return null;
  const at = new Date(n.dispatch_at);
  await addJob(tx, 'dispatch_message', { dispatch_id: n.id }, { runAt: at < now ? now : at, jobKey: n.id });
  return at.toISOString();
}
