import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { RecipientState } from '@/db/schema';
import { afterCommit } from '@/server/lib/after-commit';
import { recipientsTerminal } from '@/server/metrics/registry';
import type { DispatchRef, MovedRecipient } from './recipient-events';

type Move = { id: number; carrier?: string | null; carrierMessageId?: string | null; errorCode?: string; errorMessage?: string };

/**
 * Moves a set of recipients of one dispatch from `from` to `to` in ONE
 * statement. The `state = from` guard is the state machine: terminal states
 * never change, and a row moves at most once even when a job is retried, so
 * only the returned rows get events. Counters on the message follow.
 */
export async function moveRecipients(
  tx: DbOrTx,
  d: DispatchRef,
  from: RecipientState,
  to: RecipientState,
  rows: Move[],
  now: Date,
): Promise<MovedRecipient[]> {
  if (!rows.length) return [];
  const at = now.toISOString();
  const payload = rows.map((r) => ({ id: r.id, carrier: r.carrier ?? null, carrier_message_id: r.carrierMessageId ?? null, error_code: r.errorCode ?? null, error_message: r.errorMessage ?? null }));
  const moved = await tx.execute<{ id: number; phone: string; carrier: string | null }>(sql`
    update message_recipients r
       set state = ${to},
           carrier = coalesce(x.carrier, r.carrier),
           carrier_message_id = coalesce(x.carrier_message_id, r.carrier_message_id),
           error_code = coalesce(x.error_code, r.error_code),
           error_message = coalesce(x.error_message, r.error_message),
           sent_at = case when ${to} = 'sent' then ${at}::timestamptz else r.sent_at end,
           done_at = case when ${to} in ('delivered', 'failed') then ${at}::timestamptz else r.done_at end,
           updated_at = ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as x(id bigint, carrier text, carrier_message_id text, error_code text, error_message text)
     where r.id = x.id and r.dispatch_id = ${d.id} and r.state = ${from}
    returning r.id, r.phone, r.carrier`);
  if (moved.length && (to === 'delivered' || to === 'failed')) {
    afterCommit(tx, () => recipientsTerminal.inc({ state: to }, moved.length));
    await tx.execute(sql`
      update messages set
        delivered = delivered + ${to === 'delivered' ? moved.length : 0},
        failed = failed + ${to === 'failed' ? moved.length : 0},
        updated_at = ${at}::timestamptz
       where id = ${d.messageId}`);
  } else if (moved.length) {
    await tx.execute(sql`update messages set updated_at = ${at}::timestamptz where id = ${d.messageId}`);
  }
  return moved.map((m) => ({ id: Number(m.id), phone: m.phone, carrier: m.carrier }));
}

/** A running dispatch whose recipients are all terminal becomes `done` (once), and the message counts it. */
export async function finishIfComplete(tx: DbOrTx, d: DispatchRef, now: Date): Promise<void> {
  await tx.execute(sql`
    with done as (
      update message_dispatches set state = 'done', finished_at = ${now.toISOString()}::timestamptz
       where id = ${d.id} and state = 'running'
         and not exists (select 1 from message_recipients
                          where dispatch_id = ${d.id} and state in ('pending', 'processing', 'sent'))
      returning message_id)
    update messages set dispatches_done = dispatches_done + 1 where id in (select message_id from done)`);
}
