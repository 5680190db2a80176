import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { messages, messageTexts as texts } from '@/db/schema';
import { arrayLiteral } from '@/server/lib/sql-arrays';
import { of } from '@/server/lib/sql-names';
import { blockStartOfId } from '@/server/domain/delivery/recipient-blocks';

/** A send's text: as sent, and as written when smart encoding changed it (D21). Null once the retention dropped it (D24). */
export type SendText = { body: string; originalBody: string | null };

/** What a `messages` row says of its text: its key in message_texts, or (accepted before migration 0049) the text itself. */
export type TextRef = { id: string; firstRecipientId: number | null; body: string | null; originalBody: string | null };

/**
 * The texts of a set of sends (D24), by message id: a send accepted before migration 0049 has its text on its row;
 * any other's is read from message_texts by its key, the send's first recipient id, in one statement whose keys'
 * range is a parameter, so that only the partitions holding them are planned. A send whose text the retention dropped
 * (its month's partition is gone) reads null.
 */
export async function readTexts(db: DbOrTx, sends: readonly TextRef[]): Promise<Map<string, SendText | null>> {
  const found = textsOnRows(sends);
  const keyed = textsByKey(sends);
  if (!keyed) return found;
  const rows = await db.execute<{ message_id: string; body: string; original_body: string | null }>(sql`
    select ${texts.messageId}, ${texts.body}, ${texts.originalBody} from ${texts} where ${keyed}`);
  for (const r of rows) found.set(r.message_id, { body: r.body, originalBody: r.original_body });
  return found;
}

/** Each send's text as its row has it: a pre-0049 send's own, null for the others until read by key. */
function textsOnRows(sends: readonly TextRef[]): Map<string, SendText | null> {
  return new Map(sends.map((s) => [s.id, s.firstRecipientId === null && s.body !== null ? { body: s.body, originalBody: s.originalBody } : null]));
}

/**
 * The condition on message_texts that reads the texts of `sends` that have a key, by (message, key), with the keys'
 * range as parameters (plan-time pruning); null when none has one.
 */
function textsByKey(sends: readonly TextRef[]): SQL | null {
  const keyed = sends.filter((s) => s.firstRecipientId !== null);
  if (!keyed.length) return null;
  const keys = keyed.map((s) => s.firstRecipientId!);
  return sql`${texts.messageId} = any(${arrayLiteral(keyed.map((s) => s.id))}::text[])
       and ${texts.firstRecipientId} = any(${arrayLiteral(keys)}::bigint[])
       and ${texts.firstRecipientId} between ${Math.min(...keys)}::bigint and ${Math.max(...keys)}::bigint`;
}

/**
 * The text (as sent) of the send `m` (a `messages` row under that alias), as a scalar for a statement that reads sends
 * row by row (a conversation's sends, the SMPP receipts owed): its message_texts row by key, else the row's own
 * (before migration 0049); null once dropped. `keys`, when the caller knows them, bounds the first recipient ids as
 * parameters (plan-time pruning); without, each row's probe prunes when it runs.
 */
export function sendTextOf(m: string, keys?: { lo: number; hi: number }): SQL {
  const bound = keys ? sql` and ${of('t', texts.firstRecipientId)} between ${keys.lo}::bigint and ${keys.hi}::bigint` : sql``;
  return sql`coalesce((select ${of('t', texts.body)} from ${texts} t
                        where ${of('t', texts.messageId)} = ${of(m, messages.id)} and ${of('t', texts.firstRecipientId)} = ${of(m, messages.firstRecipientId)}${bound}),
                      ${of(m, messages.body)})`;
}

/**
 * The range a send's first recipient id lies in, for recipients whose ids run from `lowest` to `highest`: a send's
 * rows lie in its first recipient's id block or the next (recipient-blocks.ts, D24), so its first id is at most the
 * row's and at least the start of the block before the row's.
 */
export function firstIdsOfRecipients(lowest: number, highest: number): { lo: number; hi: number } {
  return { lo: Math.max(0, blockStartOfId(lowest) - 2 ** 40), hi: highest };
}
