-- webhook_events is the one record of what happened; its consumers (the SMPP receipts owed to merchants' ESMEs, D15)
-- read it in transaction order, each with its position in event_consumers (server/domain/webhooks/event-consumers.ts).
CREATE TABLE "event_consumers" (
	"name" text PRIMARY KEY NOT NULL,
	"done_below" "xid8" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Added without a default first, then given one: no rewrite of the table (its older rows keep a null `tx`, and their
-- SMPP receipts were written with them).
ALTER TABLE "webhook_events" ADD COLUMN "tx" "xid8";--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "tx" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "webhook_events_terminal_tx_idx" ON "webhook_events" USING btree ("tx") WHERE "webhook_events"."event_type" in ('sms.delivered', 'sms.failed');--> statement-breakpoint
-- The SMPP receipts' consumer starts at the oldest transaction still running: every later event is its to read.
INSERT INTO "event_consumers" ("name", "done_below") VALUES ('smpp_receipts', pg_snapshot_xmin(pg_current_snapshot()));
