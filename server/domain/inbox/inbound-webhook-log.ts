import type { Db } from '@/db/client';
import type { Role } from '@/db/schema';
import type { InboundWebhookLog } from '@/shared/contracts/inbox';
import { hasRole } from '@/server/domain/users/accounts';
import { deliveryViews } from '@/server/domain/webhooks/event-log-view';
import { inboundEventDeliveries } from '@/server/domain/webhooks/replay-event';

/**
 * The Inbox's delivery log of one MO (D18): its sms.received event, the deliveries to the app's inbound_url and their
 * attempts, read for the member's organization only (another organization's MO reads as none). Replay is the send
 * timeline's (replayEvent, developers and owners): it sends the event to the app's inbound_url of today.
 */
export async function inboundWebhookLog(db: Db, member: { organizationId: string; role: Role }, inboundId: string): Promise<InboundWebhookLog> {
  const log = await inboundEventDeliveries(db, member.organizationId, inboundId);
  return {
    event: log && {
      event_id: log.eventId,
      event_type: 'sms.received',
      created_at: log.createdAt.toISOString(),
      payload: log.payload as Record<string, unknown>,
      deliveries: deliveryViews(log),
    },
    can_replay: hasRole(member.role, 'developer'),
  };
}
