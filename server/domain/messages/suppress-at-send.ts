import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { SendResult } from '@/server/contracts/send';
import { OPTED_OUT } from '@/server/domain/opt-outs/suppression';
import { emitEventsFrom } from '@/server/domain/webhooks/emit-events';
import type { SendPlan } from '@/shared/messages/validate-send';

/** Positions in the request's recipients: those that go, and those on the opt-out list (D19), each ascending. */
export type Suppression = { kept: number[]; suppressed: number[] };

export function splitSuppressed(recipients: string[], optedOut: Set<string>): Suppression {
  const kept: number[] = [];
  const suppressed: number[] = [];
  recipients.forEach((phone, i) => (optedOut.has(phone) ? suppressed : kept).push(i));
  return { kept, suppressed };
}

/** The plan's warnings about the send and about recipients that go: a suppressed one is neither sent nor charged, so not warned about. */
export function warningsOf(plan: SendPlan, split: Suppression): Pick<SendResult, 'warnings'> {
  if (!plan.warnings.length) return {};
  const out = new Set(split.suppressed);
  const warnings = plan.warnings.filter((w) => w.index === undefined || !out.has(w.index));
  return warnings.length ? { warnings } : {};
}

/**
 * The `sms.failed` events of a new message's suppressed recipients (its rows inserted `failed` with OPTED_OUT just
 * before, in this transaction), one per recipient and dispatch, with the payload a failure at any later step gets
 * (moveWithEvents): `recipient_phone`, `carrier` (`unknown`: no carrier ever held it), `failed_at`, the error
 * fields, `retryable` false and D10's `dispatch_at` (`dispatches`: the JSON the send inserted its dispatches from).
 * The rows are new, so none of these events exists yet (`fresh`).
 */
export async function emitSuppressedEvents(tx: DbOrTx, messageId: string, dispatchesJson: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const fixed = { failed_at: at, error_code: OPTED_OUT.errorCode, error_message: OPTED_OUT.errorMessage, retryable: OPTED_OUT.retryable };
  await emitEventsFrom(tx, {
    source: sql`(
      select gen_random_uuid() as id, 'sms.failed'::text as t, r.message_id as m, r.dispatch_id as d, r.id as r, ${at}::text as ts,
             jsonb_build_object('recipient_phone', r.phone, 'carrier', 'unknown') || ${JSON.stringify(fixed)}::jsonb
               || jsonb_build_object('dispatch_at', x.at) as data
        from message_recipients r
        join json_to_recordset(${dispatchesJson}::json) as x(id text, at text) on x.id = r.dispatch_id
       where r.message_id = ${messageId} and r.state = 'failed') as r`,
    messageIds: messageId,
    now,
    fresh: true,
  });
}
