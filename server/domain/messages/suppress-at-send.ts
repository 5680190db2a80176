import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageRecipients } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import type { SendResult } from '@/shared/contracts/send';
import { emitEventsFrom } from '@/server/domain/webhooks/emit-events';
import type { SendPlan } from '@/shared/messages/validate-send';

/**
 * Positions in the request's recipients: those that go, those on the opt-out list (D19) and those no carrier route
 * takes (D14, live), each ascending; a phone both opted out and unroutable counts as opted out.
 */
export type Suppression = { kept: number[]; suppressed: number[]; unroutable: number[] };

export function splitSuppressed(recipients: string[], optedOut: Set<string>, unroutable: Set<string> = new Set()): Suppression {
  const split: Suppression = { kept: [], suppressed: [], unroutable: [] };
  recipients.forEach((phone, i) => (optedOut.has(phone) ? split.suppressed : unroutable.has(phone) ? split.unroutable : split.kept).push(i));
  return split;
}

const NO_ROUTE_WARNING = 'No carrier route takes this number: it is not sent and not charged (error_code NO_ROUTE).';

/**
 * The plan's warnings about the send and about recipients that go (a suppressed one is neither sent nor charged, so
 * not warned about), and one NO_ROUTE warning per unroutable recipient (D14: named, since they are what an operator's
 * missing route costs the merchant), in request order.
 */
export function warningsOf(plan: SendPlan, split: Suppression): Pick<SendResult, 'warnings'> {
  const out = new Set([...split.suppressed, ...split.unroutable]);
  const warnings = plan.warnings.filter((w) => w.index === undefined || !out.has(w.index));
  const noRoute = split.unroutable.map((i) => ({ index: i, phone: plan.recipients[i], code: 'NO_ROUTE' as const, message: NO_ROUTE_WARNING }));
  const all = [...warnings.filter((w) => w.index === undefined), ...[...warnings.filter((w) => w.index !== undefined), ...noRoute].sort((a, b) => a.index! - b.index!)];
  return all.length ? { warnings: all } : {};
}

/**
 * The `sms.failed` events of a new message's recipients failed at the send (its rows inserted `failed` just before, in
 * this transaction, with OPTED_OUT or NO_ROUTE), one per recipient and dispatch, with the payload a failure at any
 * later step gets (moveWithEvents): `recipient_phone`, `carrier` (`unknown`: no carrier ever held it), `failed_at`,
 * the row's error fields, `retryable` false (neither failure goes away by sending again) and D10's `dispatch_at`
 * (`dispatches`: the JSON the send inserted its dispatches from). The rows are new, so none of these events exists
 * yet (`fresh`).
 */
export async function emitFailedAtSendEvents(tx: DbOrTx, messageId: string, dispatchesJson: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await emitEventsFrom(tx, {
    source: sql`(
      select gen_random_uuid() as id, 'sms.failed'::text as t, ${of('r', messageRecipients.messageId)} as m, ${of('r', messageRecipients.dispatchId)} as d,
             ${of('r', messageRecipients.id)} as r, ${at}::text as ts,
             jsonb_build_object('recipient_phone', ${of('r', messageRecipients.phone)}, 'carrier', 'unknown', 'failed_at', ${at}::text,
                                'error_code', ${of('r', messageRecipients.errorCode)}, 'error_message', ${of('r', messageRecipients.errorMessage)}, 'retryable', false)
               || jsonb_build_object('dispatch_at', x.at) as data
        from ${messageRecipients} r
        join json_to_recordset(${dispatchesJson}::json) as x(id text, at text) on x.id = ${of('r', messageRecipients.dispatchId)}
       where ${of('r', messageRecipients.messageId)} = ${messageId} and ${of('r', messageRecipients.state)} = 'failed') as r`,
    messageIds: [messageId],
    now,
    fresh: true,
  });
}
