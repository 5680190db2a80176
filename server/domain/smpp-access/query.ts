import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageRecipients, messages } from '@/db/schema';
import { of } from '@/server/lib/sql-names';
import type { QueryAnswer } from '@/server/smpp/server/port';

/** SMPP 3.4 message_state (5.2.28) of a recipient state: the answer of query_sm. */
const STATE: Record<string, number> = { pending: 1, processing: 1, sent: 1, delivered: 2, failed: 5, cancelled: 4 };
const EXPIRED = 3;

/** SMPP absolute time `YYMMDDhhmmss000+` (UTC, tenths 0, offset 00 quarter hours). */
function smppTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getUTCFullYear() % 100)}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}000+`;
}


/**
 * query_sm for a message of this app (D15): its recipient's state as message_state, and the time it became final.
 * Null for an unknown id or another app's message (answered ESME_RQUERYFAIL: nothing about it is revealed).
 */
export async function querySmppMessage(db: DbOrTx, appId: string, messageId: string): Promise<QueryAnswer | null> {
  if (!messageId || messageId.length > 64) return null;
  const [row] = await db.execute<{ state: string; error_code: string | null; updated_at: string }>(sql`
    select ${of('r', messageRecipients.state)}, ${of('r', messageRecipients.errorCode)}, ${of('r', messageRecipients.updatedAt)}
      from ${messages} m join ${messageRecipients} r on ${of('r', messageRecipients.messageId)} = ${of('m', messages.id)}
     where ${of('m', messages.id)} = ${messageId} and ${of('m', messages.appId)} = ${appId}
     order by ${of('r', messageRecipients.id)} limit 1`);
  if (!row) return null;
  const final = row.state === 'delivered' || row.state === 'failed' || row.state === 'cancelled';
  return {
    messageId,
    finalDate: final ? smppTime(new Date(row.updated_at)) : '',
    messageState: row.error_code === 'EXPIRED' || row.error_code === 'DLR_EXPIRED' ? EXPIRED : (STATE[row.state] ?? 7),
    errorCode: 0,
  };
}
