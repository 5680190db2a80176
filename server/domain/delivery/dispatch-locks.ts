import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messageDispatches as dispatches, messages } from '@/db/schema';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { of } from '@/server/lib/sql-names';
import type { DispatchRef } from './recipient-events';

/** A dispatch locked by its transaction, with what its recipients' moves need of its message. */
export type Loaded = { ref: DispatchRef; senderId: string | null; segments: number };

type DispatchRow = { id: string; message_id: string; dispatch_at: Date | null; first_recipient_id: string | null; sender_id: string | null; segments: number };

/** A dispatch row's reference (its columns id, message_id, dispatch_at, first_recipient_id). */
export function dispatchRef(d: Pick<DispatchRow, 'id' | 'message_id' | 'dispatch_at' | 'first_recipient_id'>): DispatchRef {
  return {
    id: d.id,
    messageId: d.message_id,
    dispatchAt: d.dispatch_at ? new Date(d.dispatch_at) : null,
    firstRecipientId: d.first_recipient_id === null ? null : Number(d.first_recipient_id),
  };
}

function loaded(d: DispatchRow): Loaded {
  return {
    ref: dispatchRef(d),
    senderId: d.sender_id,
    segments: d.segments,
  };
}

export async function loadDispatch(tx: DbOrTx, dispatchId: string): Promise<Loaded | null> {
  const [d] = await tx.execute<DispatchRow>(sql`
    select ${of('d', dispatches.id)}, ${of('d', dispatches.messageId)}, ${of('d', dispatches.dispatchAt)}, ${of('d', dispatches.firstRecipientId)}, ${of('m', messages.senderId)},
           ${of('m', messages.segments)}
      from ${dispatches} d join ${messages} m on ${of('m', messages.id)} = ${of('d', dispatches.messageId)} where ${of('d', dispatches.id)} = ${dispatchId} for update of d`);
  return d ? loaded(d) : null;
}

/**
 * Locks a set of dispatches in one statement, in id order (every writer that locks several does so in this order:
 * no deadlock between them): those named, and those `also` selects (a subquery yielding dispatch ids). The ids are
 * gathered into one array first, so the dispatches are read by their key: `d.id = any(..) or d.id in (..)` read
 * every dispatch of the table.
 */
/**
 * A report reached a dispatch its transaction had not locked while it held others: locking it then could wait, in the
 * wrong order, for a transaction that waits for one of ours (a deadlock). Thrown instead of locking; the caller rolls
 * back and runs again with `ids` in its first lock (recordBatch).
 */
export class LockOrderError extends Error {
  constructor(readonly ids: string[]) {
    super(`dispatches reached after the first lock: ${ids.join(', ')}`);
    this.name = 'LockOrderError';
  }
}

/** Which of `ids` exist, read without a lock (nothing to wait for). */
export async function existingDispatches(tx: DbOrTx, ids: string[]): Promise<string[]> {
  const rows = await tx.execute<{ id: string }>(sql`
    select ${dispatches.id} from ${dispatches} where ${dispatches.id} = any(${arrayLiteral(ids)}::text[])`);
  return rows.map((r) => r.id);
}

export async function lockDispatches(tx: DbOrTx, ids: string[], also?: SQL): Promise<Map<string, Loaded>> {
  if (!ids.length && !also) return new Map();
  const rows = await tx.execute<DispatchRow>(sql`
    select ${of('d', dispatches.id)}, ${of('d', dispatches.messageId)}, ${of('d', dispatches.dispatchAt)}, ${of('d', dispatches.firstRecipientId)}, ${of('m', messages.senderId)},
           ${of('m', messages.segments)}
      from ${dispatches} d join ${messages} m on ${of('m', messages.id)} = ${of('d', dispatches.messageId)}
     where ${of('d', dispatches.id)} = any(array(select unnest(${arrayLiteral([...new Set(ids)])}::text[])
                            ${also ? sql`union select * from (${also}) a` : sql``}))
     order by ${of('d', dispatches.id)} for update of d`);
  return new Map(rows.map((d) => [d.id, loaded(d)]));
}
