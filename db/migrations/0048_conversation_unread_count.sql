-- D18 Inbox, D24: a conversation keeps how many of its MO are unread. The list counted them in inbound_messages at
-- every page, and a conversation never read had its count probe every month's partition. From here the MO's own
-- statement adds to it and marking read recounts it from the new read_through (server/domain/inbox). Adding the
-- column with a constant default rewrites nothing; the count is then filled once from the MO, as the list counted
-- them (at most 100: the list shows no more). On a live database this UPDATE writes every conversation once and
-- holds each row until it commits, so an MO for one of them waits for it: about 0.2 ms a conversation never read
-- over 14 monthly partitions (docs/operations.md, "Upgrading a live database (migration 0048)").
ALTER TABLE "inbox_conversations" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "inbox_conversations" c SET "unread_count" = n.unread
  FROM (SELECT c2.organization_id, c2.phone,
               (SELECT count(*) FROM (SELECT 1 FROM "inbound_messages" u
                                        WHERE u.organization_id = c2.organization_id AND u.from_phone = c2.phone
                                          AND u.received_at > coalesce(c2.read_through, '-infinity'::timestamptz)
                                        LIMIT 100) x)::int AS unread
          FROM "inbox_conversations" c2) n
 WHERE c.organization_id = n.organization_id AND c.phone = n.phone AND n.unread > 0;
