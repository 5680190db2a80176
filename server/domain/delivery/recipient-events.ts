import type { EventType } from '@/db/schema';

/** A dispatch as its recipients' moves name it; `firstRecipientId` bounds its recipients' reads (inDispatchBlocks, D24). */
export type DispatchRef = { id: string; messageId: string; dispatchAt: Date | null; firstRecipientId: number | null };

/** The data field that holds a recipient event's time (the spec's Events table), if the type has one. */
export function eventTimeField(type: Exclude<EventType, 'sms.queued'>): string | null {
  return { 'sms.processing': null, 'sms.sent': 'sent_at', 'sms.delivered': 'delivered_at', 'sms.failed': 'failed_at' }[type];
}
