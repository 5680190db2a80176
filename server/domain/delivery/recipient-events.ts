import type { EventType } from '@/db/schema';
import type { NewEvent } from '@/server/domain/webhooks/emit-events';

export type MovedRecipient = { id: number; phone: string; carrier: string | null };
export type DispatchRef = { id: string; messageId: string; dispatchAt: Date | null };

/** The data field that holds a recipient event's time (the spec's Events table), if the type has one. */
export function eventTimeField(type: Exclude<EventType, 'sms.queued'>): string | null {
  return { 'sms.processing': null, 'sms.sent': 'sent_at', 'sms.delivered': 'delivered_at', 'sms.failed': 'failed_at' }[type];
}

/** Per-recipient event of the spec's Events table, plus D10's additive `dispatch_at`. */
export function recipientEvents(
  type: Exclude<EventType, 'sms.queued'>,
  dispatch: DispatchRef,
  rows: Array<MovedRecipient & { extra?: Record<string, unknown> }>,
  at: Date,
): NewEvent[] {
  const iso = at.toISOString();
  const timeField = eventTimeField(type);
  return rows.map((r) => ({
    eventType: type,
    messageId: dispatch.messageId,
    dispatchId: dispatch.id,
    recipientId: r.id,
    at,
    data: {
      recipient_phone: r.phone,
      carrier: r.carrier ?? 'unknown',
      ...(timeField ? { [timeField]: iso } : {}),
      ...(r.extra ?? {}),
      dispatch_at: dispatch.dispatchAt ? dispatch.dispatchAt.toISOString() : null,
    },
  }));
}
