import { eq, gte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages } from '@/db/schema';
import type { InboundPage, ListInboundInput } from '@/shared/contracts/inbound';
import { DEFAULT_PAGE_LIMIT } from '@/shared/contracts/reconcile';
import { momentOf } from '@/server/domain/messages/reconcile';
import { normalizeOne } from '@/server/domain/opt-outs/phones';
import { validationError } from '@/shared/errors/validation';
import { pageOfInbound } from './inbound-page';
import { toReceivedData } from './received-data';
import { destinationDigits } from './route-inbound';

/**
 * D18 GET /inbound: the organization's MO, newest first, by keyset pages on (received_at, id) (read backwards on
 * inbound_messages_org_received_idx, or _org_from_idx with `from`). `from` is read like a POST /send recipient,
 * `to` as assigned, `received_since` inclusive (a plain date from the start of that day in the merchant timezone).
 */
export async function listInbound(db: DbOrTx, org: { id: string; defaultCountry: string; timezone: string }, q: ListInboundInput): Promise<InboundPage> {
  const where: SQL[] = [eq(inboundMessages.organizationId, org.id)];
  if (q.from !== undefined) {
    const phone = normalizeOne(q.from, org.defaultCountry);
    if (phone === null) throw validationError([{ field: 'from', code: 'INVALID_FIELD_FORMAT', message: 'not a phone number' }]);
    where.push(eq(inboundMessages.fromPhone, phone));
  }
  if (q.to !== undefined) where.push(eq(inboundMessages.toNumber, destinationDigits(q.to)));
  if (q.received_since !== undefined) where.push(gte(inboundMessages.receivedAt, momentOf(q.received_since, org.timezone, 'start', 'received_since')));
  const page = await pageOfInbound(db, where, q.cursor, q.limit ?? DEFAULT_PAGE_LIMIT);
  return { items: page.rows.map((row) => ({ inbound_id: row.id, ...toReceivedData(row) })), next_cursor: page.nextCursor };
}
