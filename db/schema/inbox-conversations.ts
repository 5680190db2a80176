import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './_columns';
import { organizations } from './organizations';

/**
 * D18, the dashboard's Inbox: one conversation per organization and phone that has sent it an MO. Its items (the
 * MO from the phone and the organization's sends to it) are read from inbound_messages and message_recipients;
 * this row keeps what the list needs without scanning them:
 * - `last_inbound_at`: the latest MO's received_at (written with the MO, server/domain/inbox/record-inbound.ts);
 * - `last_activity_at`: the later of that and the latest send to the phone (the send's insert statement moves it,
 *   server/domain/messages/send-message.ts), the list's order;
 * - `read_through`: the newest MO the organization's members were shown when one of them last opened the
 *   conversation (read state is per organization, a team inbox); MO received after it are unread;
 * - `unread_count`: how many they are, kept with them (the MO's statement adds its own, marking read recounts from
 *   the new read_through), so that the list does not count each conversation's MO in every month's partition (D24).
 *   MO dropped by the retention stay counted until the conversation is read.
 */
export const inboxConversations = pgTable(
  'inbox_conversations',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The sender of its MO, as inbound_messages.from_phone holds it. */
    phone: text('phone').notNull(),
    lastInboundAt: timestamp('last_inbound_at', { withTimezone: true }).notNull(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    readThrough: timestamp('read_through', { withTimezone: true }),
    unreadCount: integer('unread_count').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // The send's lookup (`organization_id = $1 and phone in (...)`) and the conversation's own row.
    primaryKey({ columns: [t.organizationId, t.phone] }),
    // The list, newest activity first, by keyset pages (read backwards).
    index('inbox_conversations_activity_idx').on(t.organizationId, t.lastActivityAt, t.phone),
  ],
);
