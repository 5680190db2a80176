import type { Db } from '@/db/client';
import { EVENT_TYPES, type EventType } from '@/db/schema';
import type { EventPage, TimelineEvent } from '@/shared/contracts/messages-dashboard';
import { listEventDeliveries, replayEvent, type EventCursor, type EventLog } from '@/server/domain/webhooks/replay-event';
import { deliveryViews } from '@/server/domain/webhooks/event-log-view';
import { ApiError } from '@/shared/errors/api-error';
import { decodeCursor, encodeCursor, takePage } from '@/server/domain/pagination/keyset';
import { assertOwnMessage } from './list-recipients';

/** The timeline's key: the event's time, its recipient (null: the send's own events) and its type. */
function eventCursor(e: EventLog): string {
  return encodeCursor([e.createdAt.toISOString(), e.recipientId, e.eventType]);
}
function readEventKey(cursor: string): EventCursor {
  return decodeCursor(cursor, ([at, recipientId, eventType]) => {
    const createdAt = new Date(typeof at === 'string' ? at : Number.NaN);
    if (Number.isNaN(createdAt.getTime()) || !(recipientId === null || Number.isSafeInteger(recipientId))) return undefined;
    return EVENT_TYPES.includes(eventType as EventType) ? { createdAt, recipientId: recipientId as number | null, eventType: eventType as EventType } : undefined;
  });
}

function toTimelineEvent(e: EventLog): TimelineEvent {
  const data = (e.payload as { data?: { recipient_phone?: unknown } } | null)?.data;
  return {
    event_id: e.eventId,
    event_type: e.eventType as EventType, // (a message's events: the five v1 types)
    created_at: e.createdAt.toISOString(),
    recipient_phone: typeof data?.recipient_phone === 'string' ? data.recipient_phone : null,
    payload: e.payload as Record<string, unknown>,
    deliveries: deliveryViews(e),
  };
}

/** The event timeline of a send, oldest first, with each event's webhook deliveries and attempts (listEventDeliveries), by pages. */
export async function listMessageEvents(db: Db, organizationId: string, messageId: string, page: { cursor?: string; limit: number }): Promise<EventPage> {
  await assertOwnMessage(db, organizationId, messageId);
  const after = page.cursor ? readEventKey(page.cursor) : undefined;
  const events = await listEventDeliveries(db, organizationId, messageId, { limit: page.limit + 1, after });
  const { shown, last, more } = takePage(events, page.limit);
  return { items: shown.map(toTimelineEvent), next_cursor: more && last ? eventCursor(last) : null };
}

/** Dashboard replay (D10) through replayEvent; 404 when the event is not the organization's or has nowhere to go. */
export async function replayMessageEvent(db: Db, organizationId: string, eventId: string, now: Date): Promise<{ delivery_id: string }> {
  const id = await replayEvent(db, organizationId, eventId, now);
  if (!id) throw new ApiError('NOT_FOUND', { message: 'This event cannot be replayed: it is not yours, or no webhook URL is set for it.' });
  return { delivery_id: id };
}
