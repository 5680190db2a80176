import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageRecipients as recipients, messages, optOuts } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import { OPTED_OUT } from '@/server/domain/opt-outs/suppression';
import type { DispatchRef } from './recipient-events';
import { inBlocksOfDispatches, inDispatchBlocks } from './recipient-blocks';
import { skipPending } from './skip-pending';

/**
 * D19 at the hand-over of a set of dispatches, in its transaction and before any recipient reaches a carrier: the
 * pending recipients whose phone is on their organization's opt-out list now (opted out after the send, or while the
 * send's own check was running) fail with OPTED_OUT and their `sms.failed` events, and what they were charged for
 * their dispatch comes back (D20: a `refund` ledger row per wallet, prepaid first, in this transaction). One statement
 * reads them for every dispatch: the list's primary key probed once per distinct phone, whatever the list's size.
 * The reply to a STOP keyword goes to the phone that has just been listed, so its dispatch skips no one.
 * The caller holds the dispatches and their messages (run-dispatch.ts); the wallets are locked only when someone is
 * skipped, before the move writes its events (lockForRefund says why).
 */
export async function skipOptedOut(tx: DbOrTx, ds: DispatchRef[], now: Date): Promise<void> {
  if (!ds.length) return;
  const rows = await tx.execute<{ id: number; dispatch_id: string }>(optedOutOfDispatches(ds));
  for (const d of ds) {
    const ids = rows.filter((r) => r.dispatch_id === d.id).map((r) => Number(r.id));
    if (ids.length) await skipPending(tx, d, ids, OPTED_OUT, 'Opted out before the dispatch', now);
  }
}

/**
 * The dispatches' pending recipients on their organization's list. Both CTEs are materialized so each runs once: the
 * list is probed with the arrays of distinct organizations and phones in one index scan, then joined to the
 * recipients by both. (Inlined, the planner, which takes a fresh dispatch for one row, put that scan under a nested
 * loop over the recipients: the whole array probed once per recipient, a million probes for a 1,000-recipient
 * dispatch, about a second of Postgres CPU.)
 */
export function optedOutOfDispatches(ds: Array<Pick<DispatchRef, 'id' | 'messageId' | 'firstRecipientId'>>) {
  return sql`
    with ds as (
      select * from jsonb_to_recordset(${JSON.stringify(ds.map((d) => ({ id: d.id, m: d.messageId, f: d.firstRecipientId })))}::jsonb) as ds(id text, m text, f bigint)
    ), c as materialized (
      -- the reply to a STOP keyword (D19) is the one send exempt: its message yields no organization, so no phone
      select ${of('r', recipients.id)}, ${of('r', recipients.dispatchId)}, ${of('r', recipients.phone)}, ${of('m', messages.organizationId)}
        from ds
       cross join lateral (select ${messages.organizationId} from ${messages} where ${messages.id} = ds.m and ${messages.keywordReply} is distinct from 'stop') m
       cross join lateral (select ${recipients.id}, ${recipients.dispatchId}, ${recipients.phone} from ${recipients}
                            where ${recipients.dispatchId} = ds.id and ${inDispatchBlocks(sql`${recipients.id}`, sql`ds.f`)}
                              and ${inBlocksOfDispatches(sql`${recipients.id}`, ds.map((d) => d.firstRecipientId))}
                              and ${recipients.state} = 'pending' offset 0) r
    ), o as materialized (
      select ${optOuts.organizationId}, ${optOuts.phone} from ${optOuts}
       where ${optOuts.organizationId} = any(array(select distinct organization_id from c))
         and ${optOuts.phone} = any(array(select distinct phone from c))
    )
    select c.id, c.dispatch_id from c join o on o.organization_id = c.organization_id and o.phone = c.phone order by c.id`;
}
