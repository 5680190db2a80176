import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * D24: a send's text, apart from its `messages` row (which keeps its totals for ever), so that it goes with the send's
 * recipients: partitioned by `first_recipient_id` range with message_recipients' bounds (migration 0049), the key
 * being the send's first recipient id (`messages.first_recipient_id`), and a month's partition dropped with that
 * month's recipients. Written once, by the send's statement (insertSendRows); read by key (`messageTexts` in
 * server/domain/messages/texts.ts). No foreign key, as for a send's other rows (migration 0036).
 */
export const messageTexts = pgTable(
  'message_texts',
  {
    messageId: text('message_id').notNull(),
    firstRecipientId: bigint('first_recipient_id', { mode: 'number' }).notNull(),
    /** The text as sent: what phones get, and what segments and cost count. */
    body: text('body').notNull(),
    /** D21: the text as the sender wrote it, when smart encoding replaced characters in it (null: `body` is it). */
    originalBody: text('original_body'),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.firstRecipientId] })],
);
