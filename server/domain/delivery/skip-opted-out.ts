import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { OPTED_OUT } from '@/server/domain/opt-outs/suppression';
import type { DispatchRef } from './recipient-events';
import { skipPending } from './skip-pending';

/**
 * D19 at a dispatch's hand-over, in its transaction and before any recipient reaches a carrier: the pending
 * recipients whose phone is on the organization's opt-out list now (opted out after the send, or while the send's
 * own check was running) fail with OPTED_OUT and their `sms.failed` events, and what they were charged for this
 * dispatch comes back (D20: a `refund` ledger row per wallet, prepaid first, in this transaction). One statement
 * reads them: the list's primary key probed once per distinct phone of the dispatch, whatever the list's size.
 * The reply to a STOP keyword goes to the phone that has just been listed, so its dispatch skips no one.
 * The caller holds the dispatch and its message (runDispatch); the wallets are locked only when someone is skipped,
 * before the move writes its events (lockForRefund says why). Returns how many were skipped.
 */
export async function skipOptedOut(tx: DbOrTx, d: DispatchRef, now: Date): Promise<number> {
  const rows = await tx.execute<{ id: number }>(optedOutOfDispatch(d));
  return skipPending(tx, d, rows.map((r) => Number(r.id)), OPTED_OUT, 'Opted out before the dispatch', now);
}

/**
 * The dispatch's pending recipients on the list. Both CTEs are materialized so each runs once: the list is probed
 * with the array of distinct phones in one index scan, then joined to the recipients. (Inlined, the planner, which
 * takes a fresh dispatch for one row, put that scan under a nested loop over the recipients: the whole array probed
 * once per recipient, a million probes for a 1,000-recipient dispatch, about a second of Postgres CPU.)
 */
export function optedOutOfDispatch(d: Pick<DispatchRef, 'id' | 'messageId'>) {
  return sql`
    with c as materialized (
      select id, phone from message_recipients where dispatch_id = ${d.id} and state = 'pending'
    ), o as materialized (
      -- the reply to a STOP keyword (D19) is the one send exempt: its message yields no organization, so no phone
      select phone from opt_outs
       where organization_id = (select organization_id from messages where id = ${d.messageId} and keyword_reply is distinct from 'stop')
         and phone = any(array(select distinct phone from c))
    )
    select c.id from c join o on o.phone = c.phone order by c.id`;
}
