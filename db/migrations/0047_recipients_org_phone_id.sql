-- D24: the tenant's deliveries to a phone, newest first. D18's in_reply_to (an organization's latest send to the phone
-- an MO came from, within 7 days) reads them through (organization_id, phone, id) backwards and stops at the first
-- send in the window; through (organization_id, phone) it read every delivery of the window's months to that phone
-- and sorted them (a phone the heavy merchant texts daily: thousands of rows an MO). The id defeats the old index's
-- deduplication (its entries grow from about 14 to about 40 bytes a recipient). The Inbox's sends of a conversation
-- read the same index by its first two columns. On a live database, build it first with
-- scripts/prepare-reply-index.sql (each partition CONCURRENTLY, then attached): this CREATE is then a no-op.
CREATE INDEX IF NOT EXISTS "message_recipients_org_phone_id_idx" ON "message_recipients" USING btree ("organization_id","phone","id");
--> statement-breakpoint
DROP INDEX IF EXISTS "message_recipients_org_phone_idx";
