import type { DbOrTx } from '@/db/client';
import type { SenderIdEventType } from '@/db/schema';
import { emitOrganizationEvent } from '@/server/domain/webhooks/organization-events';
import type { SenderId } from '@/shared/contracts/sender-ids';

/**
 * D22: an operator's decision posted as `sender_id.approved` / `.rejected` / `.revoked` to the `webhook_url` of every
 * app of the organization that has one (a sender ID is the organization's: any of its apps may send from it), with
 * `data: {id, sender_id, state, reason, decided_at}` (emitOrganizationEvent). An app without a webhook_url gets no
 * event (the sender ID's own row is the record). In the caller's transaction. Returns how many events were written.
 */
export function emitSenderIdEvent(tx: DbOrTx, organizationId: string, s: SenderId, now: Date): Promise<number> {
  const data = { id: s.id, sender_id: s.sender_id, state: s.state, reason: s.reason, decided_at: s.decided_at };
  return emitOrganizationEvent(tx, organizationId, `sender_id.${s.state}` as SenderIdEventType, data, now);
}
