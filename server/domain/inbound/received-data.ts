import type { inboundMessages } from '@/db/schema';
import type { InboundItem } from '@/shared/contracts/inbound';

type Row = Pick<
  typeof inboundMessages.$inferSelect,
  'fromPhone' | 'toNumber' | 'keyword' | 'text' | 'encoding' | 'segments' | 'complete' | 'receivedAt' | 'carrier' | 'inReplyTo' | 'optOut'
>;

/** The `data` of an MO's sms.received event (D18), from its row: also what GET /inbound lists, with `inbound_id`. */
export function toReceivedData(row: Row): Omit<InboundItem, 'inbound_id'> {
  return {
    from: row.fromPhone,
    to: row.toNumber,
    keyword: row.keyword,
    text: row.text,
    encoding: row.encoding,
    segments: row.segments,
    complete: row.complete,
    received_at: row.receivedAt.toISOString(),
    carrier: row.carrier,
    in_reply_to: row.inReplyTo,
    opt_out: row.optOut,
  };
}
