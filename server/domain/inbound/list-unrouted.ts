import { isNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { inboundMessages } from '@/db/schema';
import type { ListUnroutedInboundInput, UnroutedInboundPage } from '@/shared/contracts/inbound';
import { pageOfInbound } from './inbound-page';

/**
 * D18: MO that no number routed (stored, acknowledged to the carrier, never silently dropped), newest first, for the
 * operator console; keyset pages on inbound_messages_unrouted_idx.
 */
export async function listUnroutedInbound(db: DbOrTx, q: ListUnroutedInboundInput): Promise<UnroutedInboundPage> {
  const where: SQL[] = [isNull(inboundMessages.organizationId)];
  const page = await pageOfInbound(db, where, q.cursor, q.limit ?? 50);
  return {
    items: page.rows.map((row) => ({
      inbound_id: row.id,
      from: row.fromPhone,
      to: row.toNumber,
      text: row.text,
      encoding: row.encoding,
      segments: row.segments,
      complete: row.complete,
      carrier: row.carrier,
      received_at: row.receivedAt.toISOString(),
    })),
    next_cursor: page.nextCursor,
  };
}
