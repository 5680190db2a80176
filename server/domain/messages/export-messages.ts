import type { DbOrTx } from '@/db/client';
import { csvLines, type CsvValue } from '@/shared/csv/csv';
import { listMessages, type MessageFilter } from './list-messages';
import { listRecipients } from './list-recipients';

/**
 * The upper bound of one export, in rows (header not counted): a file past it stops there, newest rows kept for
 * Messages, first rows for a send's recipients. Narrow the filters to export more, in several files.
 */
export const MAX_EXPORT_ROWS = 100_000;
const PAGE = 500;
/** How much one export holds (MAX_EXPORT_ROWS) and reads per query; tests pass smaller ones. */
export type ExportLimits = { max: number; page: number };
const LIMITS: ExportLimits = { max: MAX_EXPORT_ROWS, page: PAGE };

export const MESSAGES_CSV_HEADER = [
  'message_id', 'created_at', 'status', 'sending_type', 'sender_id', 'first_recipient', 'total_recipients', 'delivered', 'failed',
  'pending', 'cancelled', 'total_messages', 'total_cost', 'refunded_amount', 'currency', 'next_dispatch_at', 'body_preview',
];
export const RECIPIENTS_CSV_HEADER = [
  'id', 'position', 'phone', 'state', 'dispatch_seq', 'dispatch_at', 'price', 'carrier', 'carrier_message_id', 'error_code', 'error_message', 'sent_at', 'done_at',
];

type Org = { id: string; timezone: string; defaultCountry: string };

/**
 * The organization's sends matching the Messages page's filters, newest first, as CSV lines, read a keyset page at a
 * time (listMessages, pagination/keyset) so memory stays bounded; at most MAX_EXPORT_ROWS rows. The header comes
 * with the first page, so a filter the list refuses (dates in the wrong order, too short a phone) throws on the
 * first read, before any byte is sent. Dates are ISO 8601 UTC, as in the ledger export.
 */
export async function* messagesCsvLines(db: DbOrTx, org: Org, filter: MessageFilter, { max, page: size } = LIMITS): AsyncGenerator<string> {
  let cursor: string | undefined;
  let left = max;
  let header: CsvValue[][] = [MESSAGES_CSV_HEADER];
  for (;;) {
    const page = await listMessages(db, org, filter, { cursor, direction: 'next', limit: Math.min(size, left) });
    const rows = page.items.map((m): CsvValue[] => [
      m.message_id, m.created_at, m.status, m.sending_type, m.sender_id, m.first_recipient, m.total_recipients, m.delivered, m.failed,
      m.pending, m.cancelled, m.total_messages, m.total_cost, m.refunded_amount, m.currency, m.next_dispatch_at, m.body_preview,
    ]);
    yield csvLines([...header, ...rows]);
    header = [];
    left -= rows.length;
    if (page.next_cursor === null || left <= 0) return;
    cursor = page.next_cursor;
  }
}

/**
 * One send's deliveries (one row per recipient per dispatch, in the order they were written) as CSV lines, by keyset
 * pages on the row id; at most MAX_EXPORT_ROWS rows. Throws MESSAGE_NOT_FOUND on the first read unless the send is
 * the organization's.
 */
export async function* recipientsCsvLines(db: DbOrTx, organizationId: string, messageId: string, { max, page: size } = LIMITS): AsyncGenerator<string> {
  let cursor: number | undefined;
  let left = max;
  let header: CsvValue[][] = [RECIPIENTS_CSV_HEADER];
  for (;;) {
    const page = await listRecipients(db, organizationId, messageId, { cursor, limit: Math.min(size, left) });
    const rows = page.items.map((r): CsvValue[] => [
      r.id, r.position, r.phone, r.state, r.dispatch_seq, r.dispatch_at, r.price, r.carrier, r.carrier_message_id, r.error_code, r.error_message, r.sent_at, r.done_at,
    ]);
    yield csvLines([...header, ...rows]);
    header = [];
    left -= rows.length;
    if (page.next_cursor === null || left <= 0) return;
    cursor = page.next_cursor;
  }
}
