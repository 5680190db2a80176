DROP INDEX "message_recipients_dispatch_idx";--> statement-breakpoint
CREATE INDEX "message_recipients_dispatch_idx" ON "message_recipients" USING btree ("dispatch_id");--> statement-breakpoint
ALTER TABLE "message_recipients" SET (fillfactor = 50);