import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { gatewayApps, messageDispatches, messageRecipients, messages, organizations } from '@/db/schema';
import { RECIPIENT_STATE_VALUES } from '@/shared/contracts/reconcile';
import type { MessageDetail } from '@/shared/contracts/messages-dashboard';
import type { RecipientState, Role } from '@/db/schema';
import { hasRole } from '@/server/domain/users/accounts';
import { displayUrl } from '@/server/domain/webhooks/destination';
import { ApiError } from '@/shared/errors/api-error';
import { toAmount } from '@/server/lib/money';
import { toMessageStatus } from './get-status';
import { listRecipients } from './list-recipients';
import { readTexts } from './texts';

const SHOWN_DISPATCHES = 50;

type Member = { organizationId: string; role: Role };
type ShownRecipients = { state?: RecipientState; limit: number };

/**
 * One send of the organization for its dashboard page: the status of GET /status
 * (toMessageStatus), the message itself, its schedule and dispatches, and which
 * of cancel / pause / resume controlSend would accept now, with the refund each
 * would give; its deliveries in each state and, when asked, the first recipient
 * rows. All of it is read in one read-only snapshot, so the page's counters and
 * its recipients table agree whenever it refreshes. Another organization's id
 * reads as unknown (404).
 */
export async function getMessageDetail(db: DbOrTx, member: Member, messageId: string, recipients?: ShownRecipients): Promise<MessageDetail> {
  return db.transaction((tx) => readDetail(tx, member, messageId, recipients), { isolationLevel: 'repeatable read', accessMode: 'read only' });
}

async function readDetail(db: DbOrTx, member: Member, messageId: string, shown: ShownRecipients | undefined): Promise<MessageDetail> {
  const { organizationId } = member;
  const [found] = await db
    .select({ m: messages, appName: gatewayApps.name, timezone: organizations.timezone })
    .from(messages)
    .innerJoin(gatewayApps, eq(gatewayApps.id, messages.appId))
    .innerJoin(organizations, eq(organizations.id, messages.organizationId))
    .where(and(eq(messages.id, messageId), eq(messages.organizationId, organizationId)));
  if (!found) throw new ApiError('MESSAGE_NOT_FOUND');
  const { m } = found;

  const [dispatches, [agg], byState, rows] = await Promise.all([
    db
      .select()
      .from(messageDispatches)
      .where(eq(messageDispatches.messageId, m.id))
      .orderBy(asc(messageDispatches.seq))
      .limit(SHOWN_DISPATCHES),
    db.execute<{ counts: Record<string, number> | null; open: number; cancel_refund: string | null; resume_refund: string | null }>(sql`
      select (select json_object_agg(state, n)
                from (select ${messageDispatches.state}, count(*)::int as n from ${messageDispatches}
                       where ${messageDispatches.messageId} = ${m.id} group by ${messageDispatches.state}) s) as counts,
             count(*) filter (where ${messageDispatches.state} = 'scheduled')::int as open,
             sum(${messageDispatches.cost}) filter (where ${messageDispatches.refundedAt} is null and ${messageDispatches.state} in ('scheduled', 'skipped'))::text as cancel_refund,
             sum(${messageDispatches.cost}) filter (where ${messageDispatches.refundedAt} is null and ${messageDispatches.state} = 'skipped')::text as resume_refund
        from ${messageDispatches} where ${messageDispatches.messageId} = ${m.id}`),
    db.execute<{ state: RecipientState; n: number }>(sql`
      select ${messageRecipients.state}, count(*)::int as n from ${messageRecipients} where ${messageRecipients.messageId} = ${m.id} group by ${messageRecipients.state}`),
    shown ? listRecipients(db, organizationId, m.id, shown) : null,
  ]);
  const text = (await readTexts(db, [m])).get(m.id) ?? null;

  const status = toMessageStatus(m);
  const controllable = m.sendingType !== 'immediate';
  const schedule = scheduleOf(m.schedule);
  return {
    status,
    body: text?.body ?? null,
    original_body: text?.originalBody ?? null,
    sender_id: m.senderId,
    encoding: m.encoding,
    segments: m.segments,
    app: { app_id: m.appId, name: found.appName },
    channel: m.channel,
    callback_url: m.callbackUrl ? displayUrl(m.callbackUrl) : null,
    schedule,
    timezone: found.timezone,
    dispatches: dispatches.map((d) => ({
      seq: d.seq,
      dispatch_at: d.dispatchAt?.toISOString() ?? null,
      state: d.state,
      cost: toAmount(d.cost),
      refunded: d.refundedAt !== null,
    })),
    dispatch_counts: agg.counts ?? {},
    can_control: hasRole(member.role, 'developer'),
    controls: {
      // The same conditions controlSend checks (control-send.ts); the procedure stays the authority.
      can_cancel: controllable && m.controlState !== 'cancelled' && (agg.open > 0 || m.controlState === 'paused'),
      can_pause: controllable && m.controlState === 'active' && agg.open > 0,
      can_resume: controllable && m.controlState === 'paused',
      cancel_refund: toAmount(agg.cancel_refund ?? 0),
      resume_refund: toAmount(agg.resume_refund ?? 0),
    },
    live: status.pending > 0,
    counts: Object.fromEntries(RECIPIENT_STATE_VALUES.map((state) => [state, byState.find((r) => r.state === state)?.n ?? 0])) as MessageDetail['counts'],
    recipients: rows,
  };
}

function scheduleOf(raw: unknown): MessageDetail['schedule'] {
  if (!raw || typeof raw !== 'object') return null;
  const s = raw as Record<string, unknown>;
  if (Array.isArray(s.scheduled_dates)) return { kind: 'scheduled', scheduled_dates: s.scheduled_dates as { date: string; time: string }[] };
  if (s.recurring_schedule && typeof s.recurring_schedule === 'object') {
    return { kind: 'recurring', recurring_schedule: s.recurring_schedule as Extract<MessageDetail['schedule'], { kind: 'recurring' }>['recurring_schedule'] };
  }
  return null;
}
